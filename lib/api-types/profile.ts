export type Profile = {
  id: number
  gotrue_id: string
  auth0_id: string
  username: string
  primary_email: string
  first_name: string | null
  last_name: string | null
  disabled_features: string[]
  is_alpha_user: boolean
}

export type Permission = {
  organization_id: number
  organization_slug: string
  actions: string[]
  resources: string[]
  condition: null
  restrictive: boolean
}

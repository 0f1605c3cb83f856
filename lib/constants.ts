export const PRODUCT_NAME = 'Supaboard'

/** Base of the platform API as the browser sees it. Build-time (NEXT_PUBLIC_*), default same origin. */
export const API_URL = (process.env.NEXT_PUBLIC_API_URL || '/api').replace(/\/+$/, '')

/** `{platform-api}` of SPEC §7: the API base with `/platform` appended when it is missing. */
export const PLATFORM_API_URL = API_URL.endsWith('/platform') ? API_URL : `${API_URL}/platform`

export const IS_PRODUCTION = process.env.NODE_ENV === 'production'

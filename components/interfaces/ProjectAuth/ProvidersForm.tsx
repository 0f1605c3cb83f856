import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Alert, Button, Card, CardContent, CardHeader, Input, Toggle, UrlInput } from '@/components/ui'
import { rolesAllowed } from '@/components/interfaces/ApiSettings/api-settings.utils'
import { useProjectAuthConfigUpdateMutation } from '@/data/project-auth/project-auth-config-update-mutation'
import type { ProjectAuthConfig } from '@/lib/api-types'
import { RedirectUrlsField } from './RedirectUrlsField'
import { formFromConfig, providersPatch, validateProvidersForm, type ProvidersForm as Form } from './project-auth.utils'

/**
 * The auth settings as one form over several cards, saved together: only the fields that changed
 * are sent. Errors show once a field differs from what is saved, or after a submit; the platform's
 * refusal shows above the Save button.
 */
export function ProvidersForm({ projectRef, saved, canUpdate }: { projectRef: string; saved: ProjectAuthConfig; canUpdate: boolean }) {
  const [form, setForm] = useState<Form>(() => formFromConfig(saved))
  const [submitted, setSubmitted] = useState(false)
  const update = useProjectAuthConfigUpdateMutation({
    onSuccess: () => toast.success('Auth settings saved'),
    onError: () => undefined, // shown above Save
  })
  const initial = formFromConfig(saved)
  const errors = validateProvidersForm(form, saved)
  const patch = providersPatch(saved, form)
  const dirty = Object.keys(patch).length > 0
  const disabled = !canUpdate || update.isPending
  const set = (change: Partial<Form>) => setForm((f) => ({ ...f, ...change }))
  const shown = (field: keyof Form & keyof typeof errors) => (submitted || form[field] !== initial[field] ? errors[field] : undefined)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (!dirty || Object.keys(errors).length > 0) return
    update.mutate({ projectRef, ...patch })
  }

  return (
    <form className="flex flex-col gap-6" onSubmit={submit} noValidate aria-label="Auth settings">
      {!canUpdate && (
        <Alert variant="info" title="Read-only">
          Only {rolesAllowed('auth:config:update')} members can change these settings.
        </Alert>
      )}
      <Card>
        <CardHeader title="User sign-ups" />
        <CardContent>
          <Toggle
            label="Allow new users to sign up"
            description={form.allowSignup ? 'Anyone can create an account from your application.' : 'Only users you add or invite here (or made with the service key) exist.'}
            checked={form.allowSignup}
            disabled={disabled}
            onCheckedChange={(allowSignup) => set({ allowSignup })}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="Email" description="Sign up and sign in with an email address and a password, or a link." />
        <CardContent className="flex flex-col gap-5">
          <Toggle label="Enable email provider" checked={form.emailEnabled} disabled={disabled} onCheckedChange={(emailEnabled) => set({ emailEnabled })} />
          <Toggle
            label="Confirm email"
            description={form.confirmEmail ? 'New users must confirm their address from a mail before they can sign in.' : 'New users can sign in at once, without confirming.'}
            checked={form.confirmEmail}
            disabled={disabled}
            onCheckedChange={(confirmEmail) => set({ confirmEmail })}
          />
          <Input
            label="Minimum password length"
            name="password_min_length"
            inputMode="numeric"
            value={form.passwordMinLength}
            disabled={disabled}
            onChange={(e) => set({ passwordMinLength: e.target.value })}
            error={shown('passwordMinLength')}
            containerClassName="max-w-xs"
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="Phone" description="Sign up and sign in with a phone number. No SMS provider is set up yet, so phone sign-ups need auto-confirm." />
        <CardContent className="flex flex-col gap-5">
          <Toggle label="Enable phone provider" checked={form.phoneEnabled} disabled={disabled} onCheckedChange={(phoneEnabled) => set({ phoneEnabled })} />
          <Toggle
            label="Auto-confirm phone sign-ups"
            description={form.phoneAutoconfirm ? 'New users can sign in at once.' : 'New users must enter the code sent to their phone first.'}
            checked={form.phoneAutoconfirm}
            disabled={disabled}
            onCheckedChange={(phoneAutoconfirm) => set({ phoneAutoconfirm })}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="URL configuration" description="Where links in mails lead, and which other places an application may ask to return to." />
        <CardContent className="flex flex-col gap-5">
          <UrlInput
            label="Site URL"
            name="site_url"
            value={form.siteUrl}
            description={
              saved.site_url
                ? 'The default place to return to after signing in or confirming, and the base of links in mails.'
                : "The default place to return to after signing in or confirming. Not set yet: links in mails lead to the project's URL."
            }
            disabled={disabled}
            onChange={(e) => set({ siteUrl: e.target.value })}
            error={shown('siteUrl')}
          />
          <RedirectUrlsField value={form.redirectUrls} disabled={disabled} error={submitted ? errors.redirectUrls : undefined} onChange={(redirectUrls) => set({ redirectUrls })} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="Sessions" />
        <CardContent>
          <Input
            label="Access token lifetime (seconds)"
            name="jwt_exp"
            inputMode="numeric"
            value={form.jwtExp}
            description="How long a signed-in user's access token is valid before the client refreshes it. 3600 is one hour."
            disabled={disabled}
            onChange={(e) => set({ jwtExp: e.target.value })}
            error={shown('jwtExp')}
            containerClassName="max-w-xs"
          />
        </CardContent>
      </Card>

      {update.isError && (
        <Alert variant="danger" title="Could not save the auth settings">
          {update.error.message}
        </Alert>
      )}
      {canUpdate && (
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="outline" disabled={!dirty || update.isPending} onClick={() => (setForm(formFromConfig(saved)), setSubmitted(false), update.reset())}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
            Save
          </Button>
        </div>
      )}
    </form>
  )
}

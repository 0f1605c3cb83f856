import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { newUserWithProject } from './helpers'
import { photograph } from './photograph'

/**
 * Storage on the real platform, as a new user meets it: no buckets, an `avatars` bucket made
 * public, a folder, an image uploaded with its progress, its preview, a signed URL that opens it
 * without a key, its public URL, a rename and a delete, seen by the project's storage API as an
 * application sees them; then Storage → Policies makes an own-folder policy from its template, and
 * Project settings → Storage an S3 access key that an S3 client signs with, until it is revoked.
 */
test('Storage: a bucket made, a folder and an upload, a preview, signed and public URLs, a rename, a delete, a policy from a template, an S3 key', async ({ page, context }) => {
  test.setTimeout(300_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'storage', 'Storage org', 'Storage db')
  const closeToasts = async () => {
    await page.locator('[data-sonner-toast] [data-close-button]').evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()))
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  }

  await page.goto(`/project/${ref}/storage`)
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/storage/buckets$`))
  await expect(page.getByText('No buckets yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Buckets' })).toHaveAttribute('aria-current', 'page')
  await photograph(page, 'storage-empty', { widths: [375, 1280] })

  // A public bucket for avatars, as the User Management Starter expects.
  await page.getByRole('button', { name: 'New bucket' }).first().click()
  const form = page.getByRole('dialog', { name: 'New bucket' })
  await form.getByLabel('Name').fill('avatars/x')
  await form.getByRole('button', { name: 'Create bucket' }).click()
  await expect(form.getByText(/A bucket name has 1 to 100 letters/)).toBeVisible()
  await form.getByLabel('Name').fill('avatars')
  await form.getByRole('switch', { name: 'Public bucket' }).click()
  await form.getByRole('switch', { name: 'Limit the size of a file' }).click()
  await form.getByLabel('Largest file').fill('2')
  await form.getByLabel('Allowed file types').fill('image/*')
  await form.getByRole('button', { name: 'Create bucket' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'avatars' }) })
  await expect(row.getByText('Public')).toBeVisible()
  await expect(row.getByText('Files up to 2 MB · image/*')).toBeVisible()
  await closeToasts()
  await photograph(page, 'storage-buckets', { widths: [375, 1280] })

  // A folder, then an image in it.
  await row.getByRole('link', { name: 'avatars' }).click()
  await expect(page.getByText('This bucket is empty')).toBeVisible()
  await page.getByRole('button', { name: 'New folder' }).click()
  const folder = page.getByRole('dialog', { name: 'New folder' })
  await folder.getByLabel('Folder name').fill('team')
  await folder.getByRole('button', { name: 'Create folder' }).click()
  await expect(folder).toBeHidden()
  await expect(page).toHaveURL(/\?path=team$/)
  await expect(page.getByText('This folder is empty')).toBeVisible()

  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 160, b: 120 } } })
    .png()
    .toBuffer()
  await page.getByLabel('Files to upload').setInputFiles([
    { name: 'ada.png', mimeType: 'image/png', buffer: png },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
  ])
  const uploads = page.getByRole('region', { name: 'Uploads' })
  await expect(uploads.getByRole('heading', { name: '1 upload failed' })).toBeVisible()
  await expect(
    uploads.getByText('The bucket does not take this type of file (text/plain): its allowed file types are set on Storage → Buckets → Edit.')
  ).toBeVisible()
  await expect(uploads.getByLabel('Uploaded')).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'ada.png' })).toBeVisible()
  await closeToasts()
  await photograph(page, 'storage-files', { widths: [375, 1280] })
  await uploads.getByRole('button', { name: 'Close' }).click()
  await expect(uploads).toBeHidden()

  // The file's panel: a preview, a signed URL that opens it with no key, its public URL.
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.getByRole('button', { name: 'ada.png' }).click()
  const panel = page.getByRole('dialog', { name: 'ada.png' })
  await expect(panel.getByRole('img', { name: 'Preview of ada.png' })).toBeVisible()
  await expect(panel.getByText('image/png')).toBeVisible()
  await panel.getByRole('button', { name: 'Copy signed URL' }).click()
  await expect(page.getByText('Signed URL copied')).toBeVisible()
  const signed = await page.evaluate(() => navigator.clipboard.readText())
  expect(signed).toContain(`/p/${ref}/storage/v1/object/sign/avatars/team/ada.png?token=`)
  const opened = await page.request.get(signed)
  expect(opened.status()).toBe(200)
  expect(Buffer.from(await opened.body()).equals(png)).toBe(true)
  await panel.getByRole('button', { name: 'Copy public URL' }).click()
  const publicUrl = await page.evaluate(() => navigator.clipboard.readText())
  expect(publicUrl).toMatch(new RegExp(`/p/${ref}/storage/v1/object/public/avatars/team/ada\\.png$`))
  expect((await page.request.get(publicUrl)).status()).toBe(200)
  await closeToasts()
  await photograph(page, 'storage-file-panel', { widths: [375, 1280] })

  // Renamed, then deleted with the other picks.
  await page.setViewportSize({ width: 1280, height: 860 })
  await panel.getByRole('button', { name: 'Rename or move' }).click()
  await panel.getByLabel('New name').fill('team/grace.png')
  await panel.getByRole('button', { name: 'Move' }).click()
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: 'grace.png' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'ada.png' })).toBeHidden()
  await page.getByLabel('Pick grace.png').check()
  await page.getByRole('button', { name: 'Delete 1 file' }).click()
  await page.getByRole('dialog', { name: 'Delete 1 file?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('This folder is empty')).toBeVisible()
  expect((await page.request.get(publicUrl.replace('ada.png', 'grace.png'))).status()).toBe(400)

  // Up to the bucket: the folder stays, held by its placeholder (hidden from the list).
  await page.getByRole('button', { name: '← Up to avatars' }).click()
  await expect(page.getByRole('button', { name: 'Open folder team' })).toBeVisible()

  // Storage → Policies, from the navigation: an own-folder policy on avatars from its template.
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Storage policies' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/storage/policies$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Storage policies' })).toBeVisible()
  const objects = page.getByRole('region', { name: 'Table storage.objects' })
  await expect(objects).toBeVisible()
  await photograph(page, 'storage-policies', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })

  await objects.getByRole('button', { name: 'New policy on storage.objects' }).click()
  const editor = page.getByRole('dialog', { name: 'New policy' })
  await expect(editor.getByRole('combobox', { name: 'Bucket' })).toHaveValue('avatars')
  await editor.getByRole('button', { name: /Users upload to their own folder/ }).click()
  await editor.getByRole('button', { name: 'Review SQL' }).click()
  const review = page.getByRole('dialog', { name: 'Create policy Users upload to their own folder of avatars' })
  await expect(review.getByLabel('SQL to run')).toContainText("with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text));")
  await review.getByRole('button', { name: 'Create policy' }).click()
  await expect(objects.getByText('Users upload to their own folder of avatars')).toBeVisible()

  // Project settings → Storage: an S3 access key, its secret shown once, used by an S3 client, revoked.
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Storage settings' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/settings/storage$`))
  await expect(page.getByText('No access keys yet')).toBeVisible()
  await closeToasts()
  const endpoint = (await page.getByLabel('Endpoint', { exact: true }).textContent())!
  const region = (await page.getByLabel('Region', { exact: true }).textContent())!
  await page.getByRole('button', { name: 'New access key' }).first().click()
  const making = page.getByRole('dialog', { name: 'New access key' })
  await making.getByLabel('Description').fill('Nightly backup')
  await making.getByRole('button', { name: 'Create access key' }).click()
  const made = page.getByRole('dialog', { name: 'Access key created' })
  await expect(made.getByText('it will not be shown again')).toBeVisible()
  const accessKeyId = (await made.getByLabel('Access key id', { exact: true }).textContent())!
  const secretAccessKey = (await made.getByLabel('Secret access key', { exact: true }).textContent())!
  await photograph(page, 'storage-s3-key-made', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })
  await made.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('cell', { name: 'Nightly backup', exact: true })).toBeVisible()
  await expect(page.getByText(secretAccessKey)).toHaveCount(0)
  await photograph(page, 'storage-s3-settings', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })

  const s3 = new S3Client({ endpoint, region, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1 })
  expect((await s3.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual(['avatars'])
  await page.getByRole('button', { name: 'Revoke Nightly backup' }).click()
  await page.getByRole('dialog', { name: 'Revoke “Nightly backup”?' }).getByRole('button', { name: 'Revoke access key' }).click()
  await expect(page.getByText('No access keys yet')).toBeVisible()
  await expect(s3.send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' })
  s3.destroy()
})

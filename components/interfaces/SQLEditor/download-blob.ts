/**
 * Saves a Blob as a file: an object URL behind a temporary `<a download>`, clicked, removed. The
 * URL is revoked on the next task, once the click has handed the Blob to the download, so a big
 * export does not stay in memory for the life of the page.
 */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  try {
    link.click()
  } finally {
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

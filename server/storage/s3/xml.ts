/**
 * The XML of the S3 protocol: answers written as S3 writes them (its 2006-03-01 namespace), and
 * the few bodies clients send (CompleteMultipartUpload, Delete) read by fast-xml-parser.
 */
import { XMLParser } from 'fast-xml-parser'
import { malformedXml } from './errors'

export const NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/'

const escape = (text: string) => text.replace(/[<>&'"\r]/g, (c) => `&#${c.charCodeAt(0)};`)

type Node = string | number | boolean | null | undefined | Node[] | { [name: string]: Node }

/** `<name>…</name>` of a value, a list (one element each) or an object (its fields in order); nothing for null. */
export function element(name: string, value: Node): string {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('')
  if (typeof value === 'object') return `<${name}>${Object.entries(value).map(([k, v]) => element(k, v)).join('')}</${name}>`
  return `<${name}>${escape(String(value))}</${name}>`
}

/** A whole answer document: its root element in S3's namespace, holding fields or a text. */
export function documentOf(root: string, content: Record<string, Node> | string): string {
  const inner = typeof content === 'string' ? escape(content) : Object.entries(content).map(([k, v]) => element(k, v)).join('')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${NAMESPACE}">${inner}</${root}>`
}

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true, isArray: (name) => name === 'Part' || name === 'Object' })

/** A client's XML body, its root element's content; MalformedXML when it is not that root. */
export function parseDocument(xml: string, root: string): Record<string, unknown> {
  let parsed: Record<string, unknown>
  try {
    parsed = parser.parse(xml, true) as Record<string, unknown>
  } catch {
    throw malformedXml()
  }
  const content = parsed[root]
  if (!content || typeof content !== 'object') throw malformedXml()
  return content as Record<string, unknown>
}

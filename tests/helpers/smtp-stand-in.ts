/**
 * A mail server for tests that speaks just enough SMTP (no TLS, no auth) for nodemailer to hand
 * it a message, and keeps what it received. `refuse` makes it answer every recipient with 550.
 */
import net from 'node:net'

export type ReceivedMail = { from: string; to: string[]; data: string }

export async function startSmtpStandIn({ refuse = false } = {}) {
  const received: ReceivedMail[] = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let mail: ReceivedMail = { from: '', to: [], data: '' }
    let inData = false
    const say = (line: string) => socket.write(`${line}\r\n`)
    say('220 stand-in ESMTP')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          mail.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          received.push(mail)
          mail = { from: '', to: [], data: '' }
          say('250 queued')
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol === -1) return
        const line = buffer.slice(0, eol)
        buffer = buffer.slice(eol + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') say('250 stand-in')
        else if (verb === 'MAIL') {
          mail.from = line.slice(10)
          say('250 ok')
        } else if (verb === 'RCPT') {
          if (refuse) say('550 no such mailbox')
          else {
            mail.to.push(line.slice(8))
            say('250 ok')
          }
        } else if (verb === 'DATA') {
          inData = true
          say('354 go on')
        } else if (verb === 'QUIT') {
          say('221 bye')
          socket.end()
        } else if (verb === 'RSET' || verb === 'NOOP') say('250 ok')
        else say('502 not here')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

// @vitest-environment happy-dom
/** The status screen's text while work is under way: a restore from a pause, and one from a backup. */
import { cleanup, render, screen } from '@testing-library/react'
import type { ProjectDetail } from '@/lib/api-types'
import { ProjectStatusScreen } from './ProjectStatusScreen'

afterEach(cleanup)

const project = (status: ProjectDetail['status'], status_message: string | null) => ({ ref: 'shopref', name: 'Shop', status, status_message }) as ProjectDetail

describe('ProjectStatusScreen', () => {
  it('says a paused project is being opened again', () => {
    render(<ProjectStatusScreen project={project('RESTORING', null)} />)
    expect(screen.getByRole('status')).toHaveTextContent('The database of Shop is being opened again, with all its data.')
  })

  it('says which backup a restore from a backup copies in, instead of the pause wording', () => {
    render(<ProjectStatusScreen project={project('RESTORING', 'The database is being replaced by the backup of 2026-11-26 14:28 UTC.')} />)
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('The database is being replaced by the backup of 2026-11-26 14:28 UTC. This page updates by itself when it is done.')
    expect(status).not.toHaveTextContent('opened again')
  })

  it('says which compute size a resize moves to, as its text rather than a warning', () => {
    render(<ProjectStatusScreen project={project('RESIZING', 'The database is moving to Small compute; its connections restart briefly.')} />)
    const status = screen.getByRole('status')
    expect(screen.getByRole('heading', { name: 'Resizing the project' })).toBeInTheDocument()
    expect(status).toHaveTextContent('The database is moving to Small compute; its connections restart briefly. This page updates by itself when it is done.')
    expect(status.querySelector('.text-warning')).toBeNull()
  })
})

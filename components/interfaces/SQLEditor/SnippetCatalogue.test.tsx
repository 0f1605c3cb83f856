// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { SNIPPETS, snippetsOfType } from '@/lib/snippets'
import { SnippetCatalogue } from './SnippetCatalogue'

const templates = snippetsOfType('template')

function cards() {
  return within(screen.getByRole('list', { name: 'Templates' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('span')?.textContent)
}

describe('SnippetCatalogue', () => {
  it('shows a card with title and description for every snippet', () => {
    render(<SnippetCatalogue snippets={templates} label="Templates" onPick={() => {}} />)
    expect(cards()).toHaveLength(21)
    const card = screen.getByRole('button', { name: /Create table/ })
    expect(card).toHaveTextContent(templates[0].description)
    expect(screen.getByRole('status')).toHaveTextContent('21 templates')
  })

  it('filters by title, ignoring case', async () => {
    render(<SnippetCatalogue snippets={templates} label="Templates" onPick={() => {}} />)
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'REPLICATION')
    expect(cards()).toEqual(['Replication status'])
    expect(screen.getByRole('status')).toHaveTextContent('1 of 21 templates shown')
  })

  it('filters by description, every word counting', async () => {
    render(<SnippetCatalogue snippets={templates} label="Templates" onPick={() => {}} />)
    const search = screen.getByRole('searchbox', { name: 'Search templates' })
    await userEvent.type(search, '429')
    expect(cards()).toEqual(['MFA verification attempt limit', 'Password verification attempt limit'])
    await userEvent.type(search, ' password')
    expect(cards()).toEqual(['Password verification attempt limit'])
  })

  it('says when nothing matches, and clearing the search brings all back', async () => {
    render(<SnippetCatalogue snippets={templates} label="Templates" onPick={() => {}} />)
    await userEvent.type(screen.getByRole('searchbox'), 'kubernetes')
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
    expect(screen.getByText('No templates match “kubernetes”')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(screen.getByRole('searchbox')).toHaveValue('')
    expect(cards()).toHaveLength(21)
  })

  it('hands the picked snippet to onPick, by click or keyboard', async () => {
    const onPick = vi.fn()
    const quickstarts = snippetsOfType('quickstart')
    render(<SnippetCatalogue snippets={quickstarts} label="Quickstarts" onPick={onPick} />)
    await userEvent.click(screen.getByRole('button', { name: /Slack Clone/ }))
    expect(onPick).toHaveBeenCalledWith(SNIPPETS.find((s) => s.title === 'Slack Clone'))

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search quickstarts' }), 'langchain')
    await userEvent.tab()
    expect(screen.getByRole('button', { name: /LangChain/ })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(onPick).toHaveBeenLastCalledWith(SNIPPETS.find((s) => s.title === 'LangChain'))
    expect(onPick).toHaveBeenCalledTimes(2)
  })
})

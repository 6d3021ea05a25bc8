// A text box for a translation in which every placeholder is one token: typing cannot break it apart (the token is
// not editable), only delete it whole. Text is what the server gets; the server still decides (422 placeholder_mismatch).
import { extractPlaceholders } from '@tolk/formats/placeholders'
import { forwardRef, useEffect, useImperativeHandle, useRef, type KeyboardEvent } from 'react'

/** What a parent can do with the editor: focus it (the review queue's `e`). */
export interface TokenEditorHandle {
  focus(): void
}

interface Props {
  /** The text shown; the editor is reset to it whenever `resetKey` changes. */
  value: string
  resetKey: string
  onChange(text: string): void
  label: string
  lang?: string
  describedBy?: string
  onKeyDown?(e: KeyboardEvent<HTMLDivElement>): void
}

/** A multi-line text box with placeholders shown as unbreakable tokens. */
export const TokenEditor = forwardRef<TokenEditorHandle, Props>(function TokenEditor(props, ref) {
  const box = useRef<HTMLDivElement>(null)
  useImperativeHandle(ref, () => ({ focus: () => box.current?.focus() }))
  useEffect(() => {
    if (box.current) fill(box.current, props.value)
    // Reset only when asked: re-filling on every change would move the caret.
  }, [props.resetKey])

  return (
    <div
      ref={box}
      className="token-editor"
      contentEditable
      suppressContentEditableWarning
      role="textbox"
      aria-multiline="true"
      aria-label={props.label}
      aria-describedby={props.describedBy}
      lang={props.lang}
      tabIndex={0}
      onInput={(e) => props.onChange(serialize(e.currentTarget))}
      onPaste={(e) => {
        // Plain text only: pasted markup would become text the server never sees as typed.
        e.preventDefault()
        document.execCommand('insertText', false, e.clipboardData.getData('text/plain'))
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
          e.preventDefault()
          document.execCommand('insertText', false, '\n')
        }
        props.onKeyDown?.(e)
      }}
    />
  )
})

/** Fills the box with text and one non-editable token per placeholder. */
function fill(el: HTMLElement, text: string): void {
  el.replaceChildren()
  let at = 0
  for (const p of extractPlaceholders(text)) {
    if (p.start < at) continue
    if (p.start > at) el.append(document.createTextNode(text.slice(at, p.start)))
    el.append(token(p.text))
    at = p.end
  }
  if (at < text.length) el.append(document.createTextNode(text.slice(at)))
}

/** One placeholder as a token: announced as a placeholder, deleted whole. */
export function token(text: string): HTMLElement {
  const span = document.createElement('span')
  span.className = 'token'
  span.contentEditable = 'false'
  span.dataset.text = text
  span.textContent = text
  span.setAttribute('aria-label', `placeholder ${text}`)
  return span
}

/** The text of the box: tokens by their placeholder, line breaks as \n. */
function serialize(el: Node): string {
  let out = ''
  el.childNodes.forEach((n) => {
    if (n.nodeType === Node.TEXT_NODE) out += n.nodeValue ?? ''
    else if (n instanceof HTMLElement) {
      if (n.dataset.text !== undefined) out += n.dataset.text
      else if (n.tagName === 'BR') out += '\n'
      else out += (n.tagName === 'DIV' && out !== '' ? '\n' : '') + serialize(n)
    }
  })
  return out
}

/** The source text with its placeholders as tokens, read-only. */
export function TokenText({ text, lang }: { text: string; lang?: string }) {
  const parts: (string | { token: string })[] = []
  let at = 0
  for (const p of extractPlaceholders(text)) {
    if (p.start < at) continue
    if (p.start > at) parts.push(text.slice(at, p.start))
    parts.push({ token: p.text })
    at = p.end
  }
  if (at < text.length) parts.push(text.slice(at))
  return (
    <span className="token-text" lang={lang}>
      {parts.map((p, i) => (typeof p === 'string' ? <span key={i}>{p}</span> : <span key={i} className="token" aria-label={`placeholder ${p.token}`}>{p.token}</span>))}
    </span>
  )
}

// The shell every server-rendered page shares (sign-in, sign-up, reset, invitation; the OAuth consent page reuses it):
// plain HTML that works without JavaScript, one small stylesheet, a label on every field.

/** Escapes text for HTML content and attribute values. */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** The path of the shared stylesheet. */
export const STYLESHEET_PATH = '/assets/tolk.css'

/** The shared stylesheet: readable, high contrast, visible focus, no external fonts. */
export const STYLESHEET = `
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #d6dae0;border-radius:8px}
h1{font-size:1.4rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.55rem .6rem;font:inherit;border:1px solid #8a929c;border-radius:4px}
input:focus,button:focus,a:focus{outline:3px solid #2f6fde;outline-offset:2px}
button{margin-top:1.25rem;padding:.6rem 1.1rem;font:inherit;font-weight:600;color:#fff;background:#1f5fcf;border:0;border-radius:4px;cursor:pointer}
button.secondary{background:#4b5563}
.error{padding:.6rem .8rem;background:#fdecec;border:1px solid #d64545;border-radius:4px;color:#8a1c1c}
.note{padding:.6rem .8rem;background:#eef5ff;border:1px solid #9bbcf0;border-radius:4px}
.hint{color:#4b5563;font-size:.9rem}
ul{padding-left:1.2rem}
nav{margin-top:1.5rem;font-size:.95rem}
nav a{margin-right:1rem}
`

/** A whole page: title, optional error or note, and the body HTML (already escaped by the caller). */
export function page(title: string, body: string, opts: { error?: string; note?: string } = {}): string {
  const error = opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''
  const note = opts.note ? `<p class="note" role="status">${esc(opts.note)}</p>` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Tolk</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
<h1>${esc(title)}</h1>
${error}${note}${body}
</main>
</body>
</html>
`
}

/** The hidden CSRF field every form carries. */
export const csrfField = (token: string): string => `<input type="hidden" name="csrf_token" value="${esc(token)}">`

/** A labelled input. */
export function field(name: string, label: string, type: 'email' | 'password' | 'text', opts: { value?: string; autocomplete?: string; required?: boolean } = {}): string {
  const value = opts.value ? ` value="${esc(opts.value)}"` : ''
  const auto = opts.autocomplete ? ` autocomplete="${opts.autocomplete}"` : ''
  const required = opts.required === false ? '' : ' required'
  return `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" type="${type}"${value}${auto}${required}>`
}

/** The template language as the model is told it: the rules in prose, and worked examples (sample -> template). */
import { TEMPLATE_LIMITS } from './schema.js'

/** The template language's rules, written for a model that must produce a template. */
export const TEMPLATE_GUIDE = `A template is a JSON object read by a deterministic engine. Every string in it is a literal matched as written (never a regular expression); literals have 1 to ${TEMPLATE_LIMITS.literal} characters and no line break, lists at most ${TEMPLATE_LIMITS.list} items.

kind "lines": one entry per line, key then separator then value.
- separators (required): literals between key and value; the earliest on the line wins. Whitespace around key and value is layout.
- comments: prefixes (after indentation) of comment lines. Blank lines are layout.
- quotes: [{open, close}] a value may be wrapped in; quote_required: true when every value is quoted. After a closing quote only blanks, the terminator and a comment may follow.
- key_quotes: [{open, close}] a key may be wrapped in.
- escapes: {"sequence as written": "text it stands for"}, applied inside values and quoted keys (at most ${TEMPLATE_LIMITS.escapes}).
- terminator: literal after a value, e.g. ";" or ",".
- continuation: a value ending with this literal goes on on the next line (Java properties "\\\\").
- sections: {open, close, join?, prefix?, include?}: a line "[name]" starts a section; keys are prefixed "name" + join (default ".") unless prefix is false; include lists the only sections whose lines are entries.
- blocks: {open, close, join?}: a line "name {" opens a block (a separator before the open is allowed), a line "}" closes it; keys are prefixed "name" + join.
- indent: {join?}: a line "name:" with no value nests the more-indented lines below it.
- other_lines: "error" (default) or "keep" for lines that are no entry, comment, header or blank.

kind "json" or "yaml": path: member names or "*" (any member or array item) leading to each value; the "*" parts joined by "." are the key. When the path leads to objects, key_field names the member holding the key and value_field the member holding the value.

kind "xml": element: the name of the repeated element holding one entry; key_attribute or key_child: where its key is; value_attribute or value_child: where its value is (default: the element's own text, which must not hold child elements); within: ancestor element names, outermost first, when only some such elements are entries.

A template is accepted when it reads the sample without error into at least one entry, writing the entries back gives the sample byte for byte, and changing one value changes only that value.
Give the escapes the format has for a quote inside a quoted value, a line break and a backslash: a value needing an escape the template lacks is never written (the file keeps its old text there).`

/** Worked examples for the prompt: a file and the template that reads it. */
export const TEMPLATE_EXAMPLES: readonly { sample: string; template: unknown }[] = [
  {
    sample: '; Site strings\n[site]\nWELCOME="Welcome, %s!"\nQUOTE="He said \\"hi\\""\n',
    template: { kind: 'lines', separators: ['='], comments: [';'], sections: { open: '[', close: ']', join: '.' }, quotes: [{ open: '"', close: '"' }], escapes: { '\\"': '"', '\\\\': '\\' } },
  },
  {
    sample: 'menu {\n  open = "Open file";\n  quit = "Quit";\n}\n',
    template: { kind: 'lines', separators: ['='], blocks: { open: '{', close: '}' }, quotes: [{ open: '"', close: '"' }], terminator: ';' },
  },
  {
    sample: '<messages>\n  <msg id="hello">Hello</msg>\n</messages>\n',
    template: { kind: 'xml', element: 'msg', key_attribute: 'id' },
  },
  {
    sample: '{"strings": [{"id": "hello", "text": "Hello"}]}',
    template: { kind: 'json', path: ['strings', '*'], key_field: 'id', value_field: 'text' },
  },
]

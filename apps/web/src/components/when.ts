/** A timestamp as a person reads it, in their own locale and time zone. */
export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : ''
}

// One hook per op kind: reads are cached queries keyed by [op, input]; writes are mutations that refresh the reads.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query'
import type { InputOf, OpName, OutputOf } from '@tolk/core/contract'
import { call, type ProblemError } from './client.js'

/** Reads op `name` with `input`; the previous answer stays on screen while the next loads (paging feels instant). */
export function useOp<N extends OpName>(name: N, input: InputOf<N>, options: Partial<UseQueryOptions<OutputOf<N>, ProblemError>> = {}) {
  return useQuery<OutputOf<N>, ProblemError>({ queryKey: [name, input], queryFn: () => call(name, input), placeholderData: keepPreviousData, ...options })
}

/** Loads op `name` with `input` into the cache ahead of need (the next page, the next string), so moving on is instant. */
export function usePrefetch() {
  const client = useQueryClient()
  return <N extends OpName>(name: N, input: InputOf<N>) => void client.prefetchQuery({ queryKey: [name, input], queryFn: () => call(name, input), staleTime: 30_000 })
}

/** Writes through op `name`; on success every cached read is refreshed, since a write may change any of them. */
export function useWrite<N extends OpName>(name: N) {
  const client = useQueryClient()
  return useMutation<OutputOf<N>, ProblemError, InputOf<N>>({
    mutationFn: (input) => call(name, input),
    onSuccess: () => client.invalidateQueries(),
  })
}

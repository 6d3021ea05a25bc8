import { describe, expect, it } from 'vitest'
import { matches, type OutgoingEvent, type Subscriber } from './emit.js'
import { generateWebhookSecret, signMessage } from './signing.js'
import { refusedRange } from './url-safety.js'

describe('signMessage', () => {
  it('matches the Standard Webhooks specification example', () => {
    // The example of the Standard Webhooks spec (standard-webhooks.md, "Signature scheme").
    expect(signMessage('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'))
      .toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  it('makes secrets of 24 random bytes, different each time', () => {
    const a = generateWebhookSecret()
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(24)
    expect(generateWebhookSecret()).not.toBe(a)
  })
})

describe('refusedRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['10.0.0.1', 'private'], ['172.16.5.4', 'private'], ['192.168.1.1', 'private'], ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'], ['0.0.0.0', 'unspecified'], ['224.0.0.1', 'multicast'], ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'], ['fe80::1', 'linkLocal'], ['fd12::1', 'uniqueLocal'], ['::ffff:10.0.0.1', 'private'], ['::', 'unspecified'], ['not an ip', 'invalid'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedRange(address)).toBe(range)
  })

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(refusedRange(address)).toBeNull()
  })
})

describe('matches', () => {
  const hook = (h: Partial<Subscriber>): Subscriber => ({ id: 'w', events: ['translation.updated', 'ping'], project_ids: null, locales: null, ...h })
  const event = (e: Partial<OutgoingEvent>): OutgoingEvent => ({ type: 'translation.updated', projectId: 'p1', locale: 'de', data: {} as never, ...e })

  it('takes only the event types subscribed to', () => {
    expect(matches(hook({}), event({}))).toBe(true)
    expect(matches(hook({}), event({ type: 'file.pushed' }))).toBe(false)
  })

  it('holds back events of other projects and locales; an event naming none passes that filter', () => {
    const filtered = hook({ project_ids: ['p1'], locales: ['de'] })
    expect(matches(filtered, event({}))).toBe(true)
    expect(matches(filtered, event({ projectId: 'p2' }))).toBe(false)
    expect(matches(filtered, event({ locale: 'fr' }))).toBe(false)
    expect(matches(filtered, event({ type: 'ping', projectId: null, locale: null }))).toBe(true)
  })
})

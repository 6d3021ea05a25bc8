import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_URL, readLogin, resolveCredentials, storeLogin } from './credentials.js'

const fresh = () => ({ XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'tolk-cred-')) })

describe('credentials', () => {
  it('stores the key readable by the user only', () => {
    const env = fresh()
    const path = storeLogin('http://tolk.test/', 'tolk_a', env)
    expect(path).toBe(join(env.XDG_CONFIG_HOME, 'tolk', 'credentials.json'))
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readLogin(env)).toEqual({ url: 'http://tolk.test', keys: { 'http://tolk.test': 'tolk_a' } })
  })

  it('keeps one key per server', () => {
    const env = fresh()
    storeLogin('http://a.test', 'tolk_a', env)
    storeLogin('http://b.test', 'tolk_b', env)
    expect(resolveCredentials({ url: 'http://a.test' }, undefined, env).key).toBe('tolk_a')
    expect(resolveCredentials({}, undefined, env)).toEqual({ url: 'http://b.test', key: 'tolk_b' })
  })

  it('prefers flags, then TOLK_URL / TOLK_API_KEY, then the config url, then the stored login', () => {
    const env = { ...fresh(), TOLK_URL: 'http://env.test', TOLK_API_KEY: 'tolk_env' }
    storeLogin('http://stored.test', 'tolk_stored', env)
    expect(resolveCredentials({ url: 'http://flag.test', apiKey: 'tolk_flag' }, 'http://config.test', env)).toEqual({ url: 'http://flag.test', key: 'tolk_flag' })
    expect(resolveCredentials({}, 'http://config.test', env)).toEqual({ url: 'http://env.test', key: 'tolk_env' })
    const noEnv = { XDG_CONFIG_HOME: env.XDG_CONFIG_HOME }
    expect(resolveCredentials({}, 'http://config.test', noEnv)).toEqual({ url: 'http://config.test', key: undefined })
    expect(resolveCredentials({}, undefined, noEnv)).toEqual({ url: 'http://stored.test', key: 'tolk_stored' })
  })

  it('treats an empty TOLK_API_KEY or TOLK_URL as unset', () => {
    const env = fresh()
    storeLogin('http://stored.test', 'tolk_stored', env)
    expect(resolveCredentials({}, undefined, { ...env, TOLK_URL: '', TOLK_API_KEY: '' })).toEqual({ url: 'http://stored.test', key: 'tolk_stored' })
  })

  it('falls back to the local server with no key', () => {
    expect(resolveCredentials({}, undefined, fresh())).toEqual({ url: DEFAULT_URL, key: undefined })
  })
})

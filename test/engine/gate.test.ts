import { describe, expect, it } from 'vitest';
import { evaluateGate } from '../../src/engine/gate';

const hosts = [
  { host: 'www.canada.ca', label: 'main' },
  { host: 'Apps.Canada.ca', label: 'apps' },
];
const blocklist = ['/en/revenue-agency/secure', '/FR/agence-revenu/securise'];

const at = (hostname: string, pathname = '/en.html') => evaluateGate(hosts, blocklist, { hostname, pathname });

describe('evaluateGate', () => {
  it('an allow-listed host is on, with no reason, and returns its entry', () => {
    const gate = at('www.canada.ca');
    expect(gate.abort).toBe(false);
    expect(gate.reason).toBe('');
    expect(gate.host).toBe(hosts[0]);
  });

  it('matches hosts case-insensitively, in both directions', () => {
    expect(at('WWW.Canada.CA').host).toBe(hosts[0]);
    expect(at('apps.canada.ca').host).toBe(hosts[1]);
    expect(at('APPS.CANADA.CA').abort).toBe(false);
  });

  it('an unknown host aborts with a reason naming it and no host entry', () => {
    const gate = at('evil.example.com');
    expect(gate.abort).toBe(true);
    expect(gate.reason).toContain('evil.example.com');
    expect(gate.reason).toContain('not allow-listed');
    expect(gate.host).toBeUndefined();
  });

  it('matches the whole host name, not a part of it', () => {
    expect(at('canada.ca').abort).toBe(true);
    expect(at('www.canada.ca.evil.com').abort).toBe(true);
    expect(at('xwww.canada.ca').abort).toBe(true);
  });

  it('a blocklisted path prefix aborts, case-insensitively, and still returns the host entry', () => {
    for (const pathname of ['/en/revenue-agency/secure/login.html', '/EN/Revenue-Agency/SECURE', '/fr/agence-revenu/securise/x']) {
      const gate = at('www.canada.ca', pathname);
      expect(gate.abort, pathname).toBe(true);
      expect(gate.reason, pathname).toMatch(/blocklisted/);
      expect(gate.host, pathname).toBe(hosts[0]);
    }
    const gate = at('www.canada.ca', '/en/revenue-agency/secure');
    expect(gate.reason).toContain('/en/revenue-agency/secure');
  });

  it('only blocks paths that start with a blocklisted prefix', () => {
    expect(at('www.canada.ca', '/en/revenue-agency/services.html').abort).toBe(false);
    expect(at('www.canada.ca', '/fr/x/en/revenue-agency/secure').abort).toBe(false);
  });

  it('an empty allow-list aborts everywhere; an empty blocklist blocks nothing', () => {
    expect(evaluateGate([], [], { hostname: 'www.canada.ca', pathname: '/' }).abort).toBe(true);
    expect(evaluateGate(hosts, [], { hostname: 'www.canada.ca', pathname: '/en/revenue-agency/secure' }).abort).toBe(false);
  });

  it('accepts window.location directly', () => {
    // jsdom runs on localhost, which is not in this allow-list.
    expect(evaluateGate(hosts, blocklist, location).abort).toBe(true);
    expect(evaluateGate([{ host: 'localhost' }], blocklist, location).abort).toBe(false);
  });
});

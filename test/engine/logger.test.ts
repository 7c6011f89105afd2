import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, debugSwitch } from '../../src/engine/logger';

const KEY = 'dtm-logImgRequests';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  history.replaceState(null, '', '/');
});

function spyConsole() {
  return {
    log: vi.spyOn(console, 'log').mockImplementation(() => {}),
    info: vi.spyOn(console, 'info').mockImplementation(() => {}),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
    groupCollapsed: vi.spyOn(console, 'groupCollapsed').mockImplementation(() => {}),
    groupEnd: vi.spyOn(console, 'groupEnd').mockImplementation(() => {}),
  };
}

describe('createLogger', () => {
  it('is silent while disabled: no console method is called', () => {
    const c = spyConsole();
    const logger = createLogger('[tag]', false);
    expect(logger.enabled).toBe(false);
    logger.log('a');
    logger.info('b');
    logger.warn('c');
    logger.error('d');
    logger.group('heading', [['line']]);
    for (const spy of Object.values(c)) expect(spy).not.toHaveBeenCalled();
  });

  it('writes each level to the matching console method with the prefix when enabled', () => {
    const c = spyConsole();
    const logger = createLogger('[tag]', true);
    const obj = { a: 1 };
    logger.log('l', obj);
    logger.info('i');
    logger.warn('w');
    logger.error('e', 2);
    expect(c.log).toHaveBeenCalledWith('[tag]', 'l', obj);
    expect(c.info).toHaveBeenCalledWith('[tag]', 'i');
    expect(c.warn).toHaveBeenCalledWith('[tag]', 'w');
    expect(c.error).toHaveBeenCalledWith('[tag]', 'e', 2);
  });

  it('a switch given as a function is asked once, when the logger is first used, not when it is made', () => {
    const c = spyConsole();
    const ask = vi.fn(() => true);
    const logger = createLogger('[tag]', ask);
    expect(ask).not.toHaveBeenCalled();
    logger.info('first');
    logger.warn('second');
    expect(logger.enabled).toBe(true);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(c.info).toHaveBeenCalledWith('[tag]', 'first');
    expect(c.warn).toHaveBeenCalledWith('[tag]', 'second');
  });

  it('a switch given as a function is not asked once setEnabled has decided', () => {
    const c = spyConsole();
    const ask = vi.fn(() => true);
    const logger = createLogger('[tag]', ask);
    logger.setEnabled(false);
    logger.log('quiet');
    expect(logger.enabled).toBe(false);
    expect(ask).not.toHaveBeenCalled();
    expect(c.log).not.toHaveBeenCalled();
  });

  it('setEnabled switches it on and off', () => {
    const c = spyConsole();
    const logger = createLogger('[tag]', false);
    logger.setEnabled(true);
    expect(logger.enabled).toBe(true);
    logger.log('on');
    logger.setEnabled(false);
    expect(logger.enabled).toBe(false);
    logger.log('off');
    expect(c.log).toHaveBeenCalledTimes(1);
    expect(c.log).toHaveBeenCalledWith('[tag]', 'on');
  });

  it('group() writes a collapsed group: heading, each line, then groupEnd', () => {
    const order: string[] = [];
    vi.spyOn(console, 'groupCollapsed').mockImplementation((...a: unknown[]) => void order.push(`group ${a.join(' ')}`));
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void order.push(`log ${a.join(' ')}`));
    vi.spyOn(console, 'groupEnd').mockImplementation(() => void order.push('end'));
    createLogger('[tag]', true).group('Beacon', [
      ['pageName', 'home'],
      ['v1', 'x'],
    ]);
    expect(order).toEqual(['group [tag] Beacon', 'log pageName home', 'log v1 x', 'end']);
  });

  it('a console.log that throws inside a group still closes the group, so page output is not left nested', () => {
    const groupCollapsed = vi.spyOn(console, 'groupCollapsed').mockImplementation(() => {});
    const groupEnd = vi.spyOn(console, 'groupEnd').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {
      throw new Error('console broken');
    });
    expect(() => createLogger('[tag]', true).group('Beacon', [['a'], ['b']])).not.toThrow();
    expect(groupCollapsed).toHaveBeenCalledTimes(1);
    expect(groupEnd).toHaveBeenCalledTimes(1);
  });

  it('a console whose methods throw never makes the logger throw', () => {
    const boom = () => {
      throw new Error('console broken');
    };
    for (const m of ['log', 'info', 'warn', 'error', 'groupCollapsed', 'groupEnd'] as const) vi.spyOn(console, m).mockImplementation(boom);
    const logger = createLogger('[tag]', true);
    expect(() => {
      logger.log('a');
      logger.info('a');
      logger.warn('a');
      logger.error('a');
      logger.group('h', [['x']]);
    }).not.toThrow();
    expect(console.log).toHaveBeenCalled();
  });

  it('a console with methods removed never makes the logger throw', () => {
    const saved = console.warn;
    (console as unknown as Record<string, unknown>).warn = undefined;
    try {
      expect(() => createLogger('[tag]', true).warn('x')).not.toThrow();
    } finally {
      console.warn = saved;
    }
  });
});

describe('debugSwitch', () => {
  it('is off by default', () => {
    expect(debugSwitch('logdtm', KEY, '')).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it.each(['true', '1'])('?logdtm=%s turns it on and remembers it in localStorage', (value) => {
    expect(debugSwitch('logdtm', KEY, `?logdtm=${value}`)).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('true');
    // A later page without the parameter stays on.
    expect(debugSwitch('logdtm', KEY, '')).toBe(true);
    expect(debugSwitch('logdtm', KEY, '?other=1')).toBe(true);
  });

  it.each(['false', '0'])('?logdtm=%s turns it off and forgets it', (value) => {
    localStorage.setItem(KEY, 'true');
    expect(debugSwitch('logdtm', KEY, `?logdtm=${value}`)).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(debugSwitch('logdtm', KEY, '')).toBe(false);
  });

  it('ignores other values of the parameter and other parameters', () => {
    expect(debugSwitch('logdtm', KEY, '?logdtm=yes&logim=true')).toBe(false);
    localStorage.setItem(KEY, 'true');
    expect(debugSwitch('logdtm', KEY, '?logdtm=maybe')).toBe(true);
  });

  it('reads location.search by default', () => {
    history.replaceState(null, '', '/page?x=1&logdtm=1');
    expect(debugSwitch('logdtm', KEY)).toBe(true);
    history.replaceState(null, '', '/page');
    expect(debugSwitch('logdtm', KEY)).toBe(true);
    history.replaceState(null, '', '/page?logdtm=false');
    expect(debugSwitch('logdtm', KEY)).toBe(false);
  });

  it('keeps switches of different parameters apart', () => {
    expect(debugSwitch('logim', 'im-debug', '?logim=true')).toBe(true);
    expect(debugSwitch('logdtm', KEY, '')).toBe(false);
  });
});

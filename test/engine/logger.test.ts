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

describe('numbered messages (the build writes a logger call with its text as a number and the values)', () => {
  // The texts are the module's own state: each test starts from a fresh copy of it.
  const fresh = async () => {
    vi.resetModules();
    return import('../../src/engine/logger');
  };
  const TEXTS = [['Rule "', '" did not fire: ', ' not met.'], ['Beacon refused by the collector; it is not sent again.']];

  it('shows the text with its values in, then the other arguments, once the texts have come', async () => {
    const { createLogger, setMessageSource } = await fresh();
    const c = spyConsole();
    const load = vi.fn(() => Promise.resolve(TEXTS));
    setMessageSource(load);
    const logger = createLogger('[tag]', true);
    const error = new Error('boom');
    logger.log(0, 'Outbound Link', 'condition "link is outbound"', error);
    logger.warn(1);
    expect(c.log).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(c.warn).toHaveBeenCalled());
    expect(c.log).toHaveBeenCalledWith('[tag]', 'Rule "Outbound Link" did not fire: condition "link is outbound" not met.', error);
    expect(c.warn).toHaveBeenCalledWith('[tag]', 'Beacon refused by the collector; it is not sent again.');
    logger.warn(1);
    expect(c.warn).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the order of every logger while the texts load: a plain line or a group written after a numbered one comes after it', async () => {
    const { createLogger, setMessageSource } = await fresh();
    const c = spyConsole();
    const order: string[] = [];
    for (const method of ['log', 'warn', 'groupCollapsed'] as const) c[method].mockImplementation((...args: unknown[]) => void order.push(args.join(' ')));
    let arrive!: (texts: typeof TEXTS) => void;
    setMessageSource(() => new Promise((resolve) => (arrive = resolve)));
    const tag = createLogger('[tag]', true);
    const survey = createLogger('[survey]', true);
    tag.warn(1);
    survey.log('no invitation: splash page');
    tag.group('survey decisions', [['kept']]);
    expect(order).toEqual([]);
    arrive(TEXTS);
    await vi.waitFor(() => expect(order).toHaveLength(4));
    expect(order).toEqual([
      '[tag] Beacon refused by the collector; it is not sent again.',
      '[survey] no invitation: splash page',
      '[tag] survey decisions',
      'kept',
    ]);
  });

  it('when the texts cannot be loaded, says which message it was and still shows its values', async () => {
    const { createLogger, setMessageSource } = await fresh();
    const c = spyConsole();
    setMessageSource(() => Promise.reject(new Error('tag-debug.js could not be loaded')));
    createLogger('[tag]', true).error(0, 'Email Link', 'x');
    await vi.waitFor(() => expect(c.error).toHaveBeenCalled());
    expect(c.error).toHaveBeenCalledWith('[tag]', '(message 0)', 'Email Link', 'x');
  });

  it('loads nothing while the log is off, and writes a plain text at once', async () => {
    const { createLogger, setMessageSource } = await fresh();
    const c = spyConsole();
    const load = vi.fn(() => Promise.resolve(TEXTS));
    setMessageSource(load);
    createLogger('[tag]', false).warn(1);
    createLogger('[tag]', true).info('Offline: beacon queued.');
    expect(c.info).toHaveBeenCalledWith('[tag]', 'Offline: beacon queued.');
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
  });

  it("verbatim() writes the page's own arguments as they are: a leading number is not a message number", async () => {
    const { createLogger, setMessageSource } = await fresh();
    const c = spyConsole();
    const load = vi.fn(() => Promise.resolve(TEXTS));
    setMessageSource(load);
    createLogger('[tag]', true).verbatim('log', [1, 'from the page']);
    expect(c.log).toHaveBeenCalledWith('[tag]', 1, 'from the page');
    expect(load).not.toHaveBeenCalled();
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

describe('?logdtm=panel: the log, and the feed the QA panel reads', () => {
  /** A fresh copy of the module: the feed is the page's, kept in the module. */
  const fresh = async () => {
    vi.resetModules();
    return import('../../src/engine/logger');
  };

  it('without the panel asked for, the log keeps nothing', async () => {
    spyConsole();
    const m = await fresh();
    expect(m.debugSwitch('logdtm', KEY, '?logdtm=true')).toBe(true);
    m.createLogger('[tag]', true).log('a line');
    expect(m.qaFeed).toBeUndefined();
  });

  it('turns the log on, is kept for the visit, and feeds every logger’s lines and groups, even a logger that is off', async () => {
    spyConsole();
    const m = await fresh();
    expect(m.debugSwitch('logdtm', KEY, '?logdtm=panel')).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('panel');
    expect(m.debugSwitch('logdtm', KEY, '')).toBe(true);
    const tag = m.createLogger('[tag]', () => m.debugSwitch('logdtm', KEY, ''));
    const survey = m.createLogger('[survey]', false);
    tag.warn(7, 'a value');
    survey.info('no invitation: invited less than 30 day(s) ago');
    survey.group('survey decisions', [['survey 1: kept']]);
    tag.verbatim('log', [3, 'from the page']);
    expect(m.qaFeed!.map(({ source, method, args }) => [source, method, args])).toEqual([
      ['[tag]', 'warn', [7, 'a value']],
      ['[survey]', 'info', ['no invitation: invited less than 30 day(s) ago']],
      ['[survey]', 'group', ['survey decisions', [['survey 1: kept']]]],
      // The page's own line: its leading number is no message number.
      ['_satellite', 'log', [3, 'from the page']],
    ]);
    expect(m.qaFeed!.every((entry) => typeof entry.at === 'number')).toBe(true);
  });

  it('?logdtm=true after it keeps the log without the panel; ?logdtm=false turns both off', async () => {
    const m = await fresh();
    m.debugSwitch('logdtm', KEY, '?logdtm=panel');
    expect(m.debugSwitch('logdtm', KEY, '?logdtm=true')).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('true');
    expect(m.debugSwitch('logdtm', KEY, '?logdtm=false')).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

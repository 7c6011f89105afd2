import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTransport } from '../../src/analytics/transport';

class FakeImage {
  static made: FakeImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    FakeImage.made.push(this);
  }
}

const setSendBeacon = (value: unknown) => Object.defineProperty(navigator, 'sendBeacon', { value, configurable: true });

afterEach(() => {
  vi.unstubAllGlobals();
  FakeImage.made = [];
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
});

describe('browserTransport.image', () => {
  it('requests the URL and reports load and error', () => {
    vi.stubGlobal('Image', FakeImage);
    const done = vi.fn();
    browserTransport.image('https://c.test/b/ss/rs/1/JS-2.27.0/s1?AQB=1&AQE=1', done);
    browserTransport.image('https://c.test/2', done);
    const [first, second] = FakeImage.made;
    expect(first?.src).toBe('https://c.test/b/ss/rs/1/JS-2.27.0/s1?AQB=1&AQE=1');
    first?.onload?.();
    second?.onerror?.();
    expect(done.mock.calls).toEqual([[true], [false]]);
  });

  it('abandons a request: no outcome is reported and the request is cancelled', () => {
    vi.stubGlobal('Image', FakeImage);
    const done = vi.fn();
    const abort = browserTransport.image('https://c.test/1', done);
    const image = FakeImage.made[0];
    abort();
    expect(image?.onload).toBeNull();
    expect(image?.onerror).toBeNull();
    expect(image?.src).toBe('');
    expect(done).not.toHaveBeenCalled();
  });
});

describe('browserTransport.beacon', () => {
  it('posts the body with navigator.sendBeacon and reports acceptance', () => {
    const sendBeacon = vi.fn(() => true);
    setSendBeacon(sendBeacon);
    expect(browserTransport.beacon('https://c.test/b/ss/rs/1/JS-2.27.0/s1', 'AQB=1&AQE=1')).toBe(true);
    expect(sendBeacon).toHaveBeenCalledWith('https://c.test/b/ss/rs/1/JS-2.27.0/s1', 'AQB=1&AQE=1');
  });

  it('is a refusal when sendBeacon is missing, refuses or throws', () => {
    expect(browserTransport.beacon('https://c.test/', 'a=1')).toBe(false);
    setSendBeacon(() => false);
    expect(browserTransport.beacon('https://c.test/', 'a=1')).toBe(false);
    setSendBeacon(() => {
      throw new TypeError('Illegal URL');
    });
    expect(browserTransport.beacon('ftp://c.test/', 'a=1')).toBe(false);
  });
});

import { callerAppOf, deviceTypeOf } from './caller-app';

const origins = { adminAppOrigin: 'https://admin.teamfit.example', hubAppOrigin: 'https://hub.teamfit.example/' };

describe('callerAppOf, in the documented order', () => {
  it.each([
    [{ 'x-app-source': 'admin', 'user-agent': 'PostmanRuntime/7.36', origin: 'https://hub.teamfit.example' }, 'admin'],
    [{ 'x-app-source': 'HUB', 'user-agent': 'PostmanRuntime/7.36' }, 'hub'],
    [{ 'x-app-source': 'mobile-app', 'user-agent': 'PostmanRuntime/7.36', origin: 'https://admin.teamfit.example' }, 'postman'],
    [{ 'user-agent': 'PostmanRuntime/7.36', origin: 'https://admin.teamfit.example' }, 'postman'],
    [{ 'user-agent': 'Mozilla/5.0', origin: 'https://admin.teamfit.example' }, 'admin'],
    [{ 'user-agent': 'Mozilla/5.0', referer: 'https://hub.teamfit.example/teams/3?tab=1' }, 'hub'],
    [{ origin: 'https://admin.teamfit.example', referer: 'https://hub.teamfit.example/' }, 'admin'],
    [{ origin: 'https://elsewhere.example' }, 'unknown'],
    [{ referer: 'not a url' }, 'unknown'],
    [{}, 'unknown'],
  ])('%j → %s', (headers, expected) => {
    expect(callerAppOf(headers, origins)).toBe(expected);
  });
});

describe('deviceTypeOf, mobile words first', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 'mobile'],
    ['MyApp/1.0 (iOS 17)', 'mobile'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120 Safari/537.36 Edg/120', 'desktop'],
    ['Opera/9.80 (X11; Linux x86_64)', 'desktop'],
    ['Firefox/121.0', 'desktop'],
    ['curl/8.4.0', 'unknown'],
    ['PostmanRuntime/7.36', 'unknown'],
    [undefined, 'unknown'],
  ])('%s → %s', (userAgent, expected) => {
    expect(deviceTypeOf(userAgent)).toBe(expected);
  });
});

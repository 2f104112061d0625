// The page's language (web/static/js/shared/language.js): ?lang wins, then
// the stored choice, then the browser's languages, then English. Run by
// web/jstest_test.go with node --test.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseLanguage, fromBrowser } from '../static/js/shared/language.js';

test('the browser tags map to the page languages', () => {
  const cases = [
    ['pt-BR', 'pt-br'], ['pt', 'pt-br'], ['pt-PT', ''], ['ja', 'ja'], ['ja-JP', 'ja'],
    ['zh-CN', 'zh-cn'], ['zh-Hans', 'zh-cn'], ['zh-Hans-CN', 'zh-cn'], ['zh', 'zh-cn'], ['zh-TW', ''], ['zh-Hant', ''],
    ['en-US', 'en'], ['de-DE', ''], ['', ''],
  ];
  for (const [tag, want] of cases) assert.equal(fromBrowser(tag), want, tag);
});

test('?lang wins over the stored choice and the browser', () => {
  assert.equal(chooseLanguage({ asked: 'ja', stored: 'pt-br', browser: ['zh-CN'] }), 'ja');
  assert.equal(chooseLanguage({ asked: 'PT-BR', browser: ['en-US'] }), 'pt-br');
});

test('an unknown ?lang falls through to the stored choice, then the browser', () => {
  assert.equal(chooseLanguage({ asked: 'fr', stored: 'zh-cn', browser: ['ja'] }), 'zh-cn');
  assert.equal(chooseLanguage({ asked: 'fr', stored: 'klingon', browser: ['de', 'ja-JP', 'pt-BR'] }), 'ja');
});

test('the first browser language the page speaks is chosen, English when none', () => {
  assert.equal(chooseLanguage({ browser: ['pt-PT', 'zh-TW', 'zh-Hans'] }), 'zh-cn');
  assert.equal(chooseLanguage({ browser: ['de-DE', 'fr'] }), 'en');
  assert.equal(chooseLanguage(), 'en');
});

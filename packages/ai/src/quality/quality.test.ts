import { describe, expect, it } from 'vitest'
import { applySafeFixes, categoriesOf, checkQuality, CHECK_NAMES, ConsistencyIndex } from './index.js'
import type { CheckName, QualityInput } from './index.js'

type Case = Omit<Partial<QualityInput>, 'source' | 'target'> & { source: string; target: string; plural?: { source: Record<string, string>; target: Record<string, string> } }

const input = (c: Case): QualityInput => ({
  sourceLocale: 'en',
  targetLocale: 'de',
  ...c,
  source: { text: c.source, ...(c.plural ? { plural: c.plural.source } : {}) },
  target: { text: c.target, ...(c.plural ? { plural: c.plural.target } : {}) },
})
const checksOf = (c: Case): CheckName[] => checkQuality(input(c)).map((f) => f.check)

// Each check: translations it flags, and ones it must let pass (often the tricky near miss), with right-to-left
// (Arabic, Hebrew, Persian, Urdu) and CJK (Japanese, Chinese, Korean) text for every check.
const TABLE: Record<string, { flags: Case[]; passes: Case[] }> = {
  empty: {
    flags: [{ source: 'Save', target: '  ' }, { source: 'Save', target: '', targetLocale: 'ar' }, { source: 'Save', target: '\u3000', targetLocale: 'ja' }],
    passes: [{ source: '', target: '' }, { source: 'Save', target: 'Speichern' }, { source: 'Save', target: 'حفظ', targetLocale: 'ar' }, { source: 'Save', target: '保存', targetLocale: 'ja' }],
  },
  unchanged: {
    flags: [
      { source: 'Save the file', target: 'Save the file' },
      { source: 'Save the file', target: 'Save the file', targetLocale: 'he' },
      { source: 'Save the file', target: 'Save the file', targetLocale: 'ja' },
      // Another script of one language is another text: Simplified to Traditional Chinese, Cyrillic to Latin Serbian.
      { source: '保存文件', target: '保存文件', sourceLocale: 'zh-Hans', targetLocale: 'zh-Hant' },
      { source: '保存文件', target: '保存文件', sourceLocale: 'zh-CN', targetLocale: 'zh-TW' },
      { source: 'Сачувај датотеку', target: 'Сачувај датотеку', sourceLocale: 'sr', targetLocale: 'sr-Latn' },
    ],
    passes: [
      { source: 'OK', target: 'OK' }, { source: '%s', target: '%s' }, { source: 'Save the file', target: 'Datei speichern' },
      { source: 'PDF', target: 'PDF', targetLocale: 'ar' }, { source: 'Save the file', target: '保存文件', targetLocale: 'zh' },
      // A regional variant keeps most of its source's strings: en → en-GB, pt-BR → pt-PT, zh → zh-CN.
      { source: 'Save the file', target: 'Save the file', targetLocale: 'en-GB' },
      { source: 'Save the file', target: 'Save the file', sourceLocale: 'en-US', targetLocale: 'en_AU' },
      { source: 'Salvar o arquivo', target: 'Salvar o arquivo', sourceLocale: 'pt-BR', targetLocale: 'pt-PT' },
      { source: '保存文件', target: '保存文件', sourceLocale: 'zh', targetLocale: 'zh-CN' },
      { source: 'احفظ الملف', target: 'احفظ الملف', sourceLocale: 'ar', targetLocale: 'ar-EG' },
    ],
  },
  placeholders: {
    flags: [{ source: 'Hello, %s!', target: 'Hallo!' }, { source: 'Hi {name}', target: 'Hallo {nom}' }, { source: 'مرحبا', target: 'مرحبا %d', targetLocale: 'ar' }, { source: 'Hello, %s!', target: 'こんにちは！', targetLocale: 'ja' }],
    passes: [{ source: 'Hi {name}', target: 'Hallo {name}' }, { source: '%1$s of %2$s', target: '%2$s von %1$s' }, { source: '共 %d 件', target: '%d 件', sourceLocale: 'ja', targetLocale: 'zh' }, { source: 'Hi {name}', target: 'שלום {name}', targetLocale: 'he' }],
  },
  icu_syntax: {
    flags: [
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# Datei} other {# Dateien}' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, zero {لا ملفات} one {ملف} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}', targetLocale: 'ar' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, other {# 個のファイル}', targetLocale: 'ja' },
    ],
    passes: [
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# Datei} other {# Dateien}}' }, { source: 'Hi {{name}}', target: 'Hallo {{name}}' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, zero {لا ملفات} one {ملف} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}', targetLocale: 'ar' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, other {# 個のファイル}}', targetLocale: 'ja' },
    ],
  },
  icu_plural: {
    flags: [
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# файл} other {# файла}}', targetLocale: 'ru' },
      { source: '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', target: '{n, selectordinal, other {#.}}', targetLocale: 'en-GB', sourceLocale: 'en' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {ملف} other {# ملف}}', targetLocale: 'ar' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# ファイル} other {# ファイル}}', targetLocale: 'ja' },
      // Russian `one` is also 21, 31 …: `=1` does not stand for it.
      { source: '{n, plural, =1 {One file} other {# files}}', target: '{n, plural, =1 {Один файл} few {# файла} many {# файлов} other {# файла}}', targetLocale: 'ru' },
    ],
    passes: [
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}', targetLocale: 'ru' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# fichier} other {# fichiers}}', targetLocale: 'fr', optionalCategories: ['many'] },
      { source: '{n, plural, =0 {none} one {# file} other {# files}}', target: '{n, plural, =0 {keine} one {# Datei} other {# Dateien}}' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, one {# קובץ} two {# קבצים} other {# קבצים}}', targetLocale: 'he' },
      { source: '{n, plural, one {# file} other {# files}}', target: '{n, plural, =0 {ファイルなし} other {# ファイル}}', targetLocale: 'ja' },
      // Explicit values stand for a category that holds only them: English and German `one` is 1 alone (Flutter ARB).
      { source: '{n, plural, =0 {No files} =1 {One file} other {# files}}', target: '{n, plural, =0 {Keine Dateien} =1 {Eine Datei} other {# Dateien}}' },
    ],
  },
  icu_select: {
    flags: [
      { source: '{g, select, male {He} female {She} other {They}}', target: '{g, select, male {Er} other {Sie}}' },
      { source: '{g, select, male {He} female {She} other {They}}', target: '{g, select, male {هو} other {هم}}', targetLocale: 'ar' },
      { source: '{g, select, male {He} female {She} other {They}}', target: '{g, select, male {彼} female {彼女} neutral {その人} other {その人}}', targetLocale: 'ja' },
    ],
    passes: [
      { source: '{g, select, male {He} female {She} other {They}}', target: '{g, select, male {Er} female {Sie} other {Sie}}' },
      { source: '{g, select, male {He} female {She} other {They}}', target: '{g, select, male {הוא} female {היא} other {הם}}', targetLocale: 'he' },
      { source: '{g, select, male {He} female {She} other {They}}', target: '{g, select, male {他} female {她} other {他们}}', targetLocale: 'zh' },
    ],
  },
  plural_forms: {
    flags: [
      { source: 'files', target: 'Dateien', plural: { source: { one: '# file', other: '# files' }, target: { other: '# Dateien' } } },
      { source: 'files', target: '# ملف', targetLocale: 'ar', plural: { source: { one: '# file', other: '# files' }, target: { one: 'ملف', other: '# ملف' } } },
      { source: 'files', target: '# ファイル', targetLocale: 'ja', plural: { source: { one: '# file', other: '# files' }, target: { one: '# ファイル', other: '# ファイル' } } },
    ],
    passes: [
      { source: 'files', target: 'Dateien', plural: { source: { one: '# file', other: '# files' }, target: { one: '# Datei', other: '# Dateien' } } },
      { source: 'files', target: '# קבצים', targetLocale: 'he', plural: { source: { one: '# file', other: '# files' }, target: { one: 'קובץ אחד', two: 'שני קבצים', other: '# קבצים' } } },
      { source: 'files', target: '# ファイル', targetLocale: 'ja', plural: { source: { one: '# file', other: '# files' }, target: { other: '# ファイル' } } },
      // Rails (config/locales/de.yml) and i18next read `zero` for a count of 0 in every language: the file's ecosystem says so.
      { source: 'files', target: '%{count} Dateien', extraCategories: ['zero'], plural: { source: { zero: 'No files', one: '1 file', other: '%{count} files' }, target: { zero: 'Keine Dateien', one: '1 Datei', other: '%{count} Dateien' } } },
    ],
  },
  same_plurals: {
    flags: [
      { source: '%d files', target: '%d Dateien', plural: { source: { one: '%d file', other: '%d files' }, target: { one: '%d Dateien', other: '%d Dateien' } } },
      { source: '%d files', target: '%d קבצים', targetLocale: 'he', plural: { source: { one: '%d file', other: '%d files' }, target: { one: '%d קבצים', two: '%d קבצים', other: '%d קבצים' } } },
    ],
    passes: [
      { source: '%d files', target: '%d ファイル', targetLocale: 'ja', plural: { source: { one: '%d file', other: '%d files' }, target: { other: '%d ファイル' } } },
      { source: '%d files', target: '%d קבצים', targetLocale: 'he', plural: { source: { one: '%d file', other: '%d files' }, target: { one: 'קובץ %d', two: '%d קבצים', other: '%d קבצים' } } },
    ],
  },
  tags: {
    flags: [{ source: 'Click <b>Save</b>', target: 'Klicke <i>Speichern</i>' }, { source: 'Line<br/>break', target: 'Zeilenumbruch' }, { source: 'Click <b>Save</b>', target: 'انقر <i>حفظ</i>', targetLocale: 'ar' }, { source: 'Line<br/>break', target: '改行', targetLocale: 'ja' }],
    passes: [{ source: 'Click <b>Save</b>', target: '<b>Speichern</b> klicken' }, { source: 'a <br> b', target: 'א <br> ב', targetLocale: 'he' }, { source: 'Click <b>Save</b>', target: '<b>保存</b>をクリック', targetLocale: 'ja' }],
  },
  xml_syntax: {
    flags: [{ source: '<b><i>Bold</i></b>', target: '<b><i>Fett</b></i>' }, { source: '<b><i>Bold</i></b>', target: '<b><i>מודגש</b></i>', targetLocale: 'he' }, { source: '<b><i>Bold</i></b>', target: '<b><i>粗体</b></i>', targetLocale: 'zh' }],
    passes: [{ source: '<b><i>Bold</i></b>', target: '<b><i>Fett</i></b>' }, { source: '<b><i>Bold</i></b>', target: '<b><i>מודגש</i></b>', targetLocale: 'he' }, { source: '<b><i>Bold</i></b>', target: '<b><i>粗体</i></b>', targetLocale: 'zh' }],
  },
  unsafe_html: {
    flags: [
      { source: 'See <a href="/help">help</a>', target: 'Siehe <a href="/help" onclick="steal()">Hilfe</a>' },
      { source: 'See <a href="/help">help</a>', target: 'انظر <a href="/help" onclick="steal()">المساعدة</a>', targetLocale: 'ar' },
      { source: 'See <a href="/help">help</a>', target: '<a href="javascript:steal()">ヘルプ</a>を参照', targetLocale: 'ja' },
    ],
    passes: [{ source: 'See <a href="/help">help</a>', target: 'Siehe <a href="/help">Hilfe</a>' }, { source: 'See <a href="/help">help</a>', target: 'انظر <a href="/help">المساعدة</a>', targetLocale: 'ar' }, { source: 'See <a href="/help">help</a>', target: '<a href="/help">ヘルプ</a>を参照', targetLocale: 'ja' }],
  },
  begin_space: {
    flags: [{ source: 'Name', target: ' Name' }, { source: 'Name', target: ' الاسم', targetLocale: 'ar' }, { source: 'Name', target: '\u3000名前', targetLocale: 'ja' }],
    passes: [{ source: ' items', target: ' Elemente' }, { source: ' items', target: ' عناصر', targetLocale: 'ar' }, { source: ' items', target: ' 項目', targetLocale: 'ja' }],
  },
  end_space: {
    flags: [{ source: 'Name: ', target: 'Name:' }, { source: 'Name: ', target: 'الاسم:', targetLocale: 'ar' }, { source: 'Name: ', target: '名前：', targetLocale: 'ja' }],
    passes: [{ source: 'Name: ', target: 'Name: ' }, { source: 'Name: ', target: 'الاسم: ', targetLocale: 'ar' }, { source: 'Name: ', target: '名前: ', targetLocale: 'ja' }],
  },
  begin_newline: {
    flags: [{ source: '\nHello', target: 'Hallo' }, { source: '\nHello', target: 'שלום', targetLocale: 'he' }, { source: '\nHello', target: 'こんにちは', targetLocale: 'ja' }],
    passes: [{ source: '\nHello', target: '\nHallo' }, { source: '\nHello', target: '\nשלום', targetLocale: 'he' }, { source: '\nHello', target: '\nこんにちは', targetLocale: 'ja' }],
  },
  end_newline: {
    flags: [{ source: 'Hello', target: 'Hallo\n' }, { source: 'Hello', target: 'مرحبا\n', targetLocale: 'ar' }, { source: 'Hello', target: '你好\n', targetLocale: 'zh' }],
    passes: [{ source: 'Hello\n', target: 'Hallo\n' }, { source: 'Hello\n', target: 'مرحبا\n', targetLocale: 'ar' }, { source: 'Hello\n', target: '你好\n', targetLocale: 'zh' }],
  },
  newline_count: {
    flags: [{ source: 'One\nTwo', target: 'Eins Zwei' }, { source: 'One\nTwo', target: 'واحد اثنان', targetLocale: 'ar' }, { source: 'One\nTwo', target: '一\n二\n三', targetLocale: 'ja' }],
    passes: [{ source: 'One\nTwo', target: 'Eins\nZwei' }, { source: 'One\nTwo', target: 'واحد\nاثنان', targetLocale: 'ar' }, { source: 'One\nTwo', target: '一\n二', targetLocale: 'ja' }],
  },
  escaped_newline: {
    flags: [{ source: 'One\\nTwo', target: 'Eins Zwei' }, { source: 'One\\nTwo', target: 'אחת שתיים', targetLocale: 'he' }, { source: 'One\\nTwo', target: '一 二', targetLocale: 'zh' }],
    passes: [{ source: 'One\\nTwo', target: 'Eins\\nZwei' }, { source: 'One\\nTwo', target: 'אחת\\nשתיים', targetLocale: 'he' }, { source: 'One\\nTwo', target: '一\\n二', targetLocale: 'zh' }],
  },
  double_space: {
    flags: [{ source: 'Save file', target: 'Datei  speichern' }, { source: 'Save file', target: 'حفظ  الملف', targetLocale: 'ar' }, { source: 'Save file', target: '파일  저장', targetLocale: 'ko' }],
    passes: [{ source: 'A  B', target: 'A  B' }, { source: 'Save file', target: 'Datei speichern' }, { source: 'Save file', target: 'حفظ الملف', targetLocale: 'ar' }, { source: 'Save file', target: '파일 저장', targetLocale: 'ko' }],
  },
  end_stop: {
    flags: [{ source: 'File saved.', target: 'Datei gespeichert' }, { source: 'Saved', target: 'Gespeichert.' }, { source: 'File saved.', target: 'تم حفظ الملف', targetLocale: 'ar' }, { source: 'Saved', target: '保存しました。', targetLocale: 'ja' }],
    passes: [
      { source: 'File saved.', target: 'ファイルを保存しました', targetLocale: 'ja' }, { source: 'File saved.', target: 'फ़ाइल सहेजी गई।', targetLocale: 'hi' }, { source: 'File saved.', target: '文件已保存。', targetLocale: 'zh' },
      { source: 'File saved.', target: 'تم حفظ الملف.', targetLocale: 'ar' }, { source: 'File saved.', target: 'فائل محفوظ ہو گئی۔', targetLocale: 'ur' },
      // A right-to-left mark after the stop (how RTL text keeps a final mark in place) is not an end of its own.
      { source: 'File saved.', target: 'הקובץ נשמר.\u200f', targetLocale: 'he' }, { source: 'File saved.', target: 'تم حفظ الملف.\u061c', targetLocale: 'ar' },
    ],
  },
  end_colon: {
    flags: [{ source: 'Name:', target: 'Name' }, { source: 'Name:', target: 'الاسم', targetLocale: 'ar' }, { source: 'Name:', target: '名前', targetLocale: 'ja' }],
    passes: [{ source: 'Name:', target: 'Nom :', targetLocale: 'fr' }, { source: 'Name:', target: '名前：', targetLocale: 'ja' }, { source: 'Name:', target: 'الاسم:', targetLocale: 'ar' }, { source: 'Name:', target: 'שם:\u200f', targetLocale: 'he' }],
  },
  end_question: {
    flags: [{ source: 'Delete?', target: 'Löschen' }, { source: 'Delete?', target: 'حذف', targetLocale: 'ar' }, { source: 'Delete?', target: '削除しますか', targetLocale: 'ja' }],
    passes: [
      { source: 'Delete?', target: '¿Eliminar?', targetLocale: 'es' }, { source: 'Delete?', target: 'حذف؟', targetLocale: 'ar' }, { source: 'Delete?', target: 'Διαγραφή;', targetLocale: 'el' },
      { source: 'Delete?', target: '削除しますか？', targetLocale: 'ja' }, { source: 'Delete?', target: 'Supprimer ?', targetLocale: 'fr' },
      { source: 'Delete?', target: 'حذف؟\u200f', targetLocale: 'ar' }, { source: 'Delete?', target: 'למחוק?\u200f', targetLocale: 'he' }, { source: 'Delete {name}?', target: 'حذف \u2068{name}\u2069؟', targetLocale: 'ar' },
      { source: 'Delete {name}?', target: 'حذف {name}؟\u2069', sourceLocale: 'en', targetLocale: 'fa' },
    ],
  },
  end_exclamation: {
    flags: [{ source: 'Done!', target: 'Fertig' }, { source: 'Done!', target: 'تم', targetLocale: 'ar' }, { source: 'Done!', target: '完了', targetLocale: 'ja' }],
    passes: [{ source: 'Done!', target: '完成！', targetLocale: 'zh' }, { source: 'Done!', target: '¡Hecho!', targetLocale: 'es' }, { source: 'Done!', target: 'תם!\u200f', targetLocale: 'he' }],
  },
  end_semicolon: {
    flags: [{ source: 'First;', target: 'Erstens' }, { source: 'First;', target: 'أولا', targetLocale: 'ar' }, { source: 'First;', target: '首先', targetLocale: 'zh' }],
    passes: [{ source: 'First;', target: 'أولا؛', targetLocale: 'ar' }, { source: 'First;', target: '首先；', targetLocale: 'zh' }],
  },
  end_ellipsis: {
    flags: [{ source: 'Loading…', target: 'Laden' }, { source: 'Loading…', target: 'جار التحميل', targetLocale: 'ar' }, { source: 'Loading…', target: '読み込み中', targetLocale: 'ja' }],
    passes: [{ source: 'Loading...', target: 'Laden…' }, { source: 'Loading…', target: '読み込み中…', targetLocale: 'ja' }, { source: 'Loading…', target: 'جار التحميل…', targetLocale: 'ar' }, { source: 'Loading…', target: '加载中⋯', targetLocale: 'zh' }],
  },
  ellipsis: {
    flags: [{ source: 'Loading…', target: 'Laden...' }, { source: 'Loading…', target: 'جار التحميل...', targetLocale: 'ar' }, { source: 'Loading…', target: '読み込み中...', targetLocale: 'ja' }],
    passes: [{ source: 'Loading...', target: 'Laden...' }, { source: 'Loading…', target: 'جار التحميل…', targetLocale: 'ar' }, { source: 'Loading…', target: '読み込み中…', targetLocale: 'ja' }],
  },
  punctuation_spacing: {
    flags: [{ source: 'Delete?', target: 'Supprimer?', targetLocale: 'fr' }, { source: 'Name: %s', target: 'Nom: %s', targetLocale: 'fr' }],
    // French only: Arabic and Japanese put their marks right after the word.
    passes: [
      { source: 'Delete?', target: 'Supprimer\u202f?', targetLocale: 'fr' }, { source: 'Delete?', target: 'Supprimer?', targetLocale: 'fr-CA' }, { source: 'Open https://x.io?a=1', target: 'Ouvrir https://x.io?a=1', targetLocale: 'fr' },
      { source: 'At 12:30', target: 'À 12:30', targetLocale: 'fr' }, { source: 'Delete?', target: 'حذف؟', targetLocale: 'ar' }, { source: 'Name:', target: '名前：', targetLocale: 'ja' },
    ],
  },
  danda: {
    flags: [
      { source: 'File saved.', target: 'फ़ाइल सहेजी गई.', targetLocale: 'hi' }, { source: 'File saved.', target: 'फ़ाइल सहेजी गई |', targetLocale: 'hi-IN' },
      { source: 'File saved.', target: 'फाइल सुरक्षित भयो.', targetLocale: 'ne' }, { source: 'File saved.', target: 'ফাইল সংরক্ষিত হয়েছে.', targetLocale: 'bn' },
    ],
    // Not for Marathi (it writes the full stop), Hindi in Latin letters, a source without a stop, RTL or CJK text.
    passes: [
      { source: 'File saved.', target: 'फ़ाइल सहेजी गई।', targetLocale: 'hi' }, { source: 'File saved.', target: 'फाइल जतन केली.', targetLocale: 'mr' },
      { source: 'File saved.', target: 'File save ho gayi.', targetLocale: 'hi-Latn' }, { source: 'Saved', target: 'सहेजा गया', targetLocale: 'hi' },
      { source: 'File saved.', target: 'فائل محفوظ ہو گئی.', targetLocale: 'ur' }, { source: 'File saved.', target: '文件已保存.', targetLocale: 'zh' },
    ],
  },
  zero_width: {
    flags: [
      { source: 'Save', target: 'Spei\u200bchern' }, { source: 'Save', target: 'حف\u200bظ', targetLocale: 'ar' }, { source: 'Save', target: '保\ufeff存', targetLocale: 'ja' },
      { source: 'Save', target: 'ذخیره\u200c', targetLocale: 'fa' }, { source: 'Save', target: 'שמור \u200d', targetLocale: 'he' }, { source: 'Save', target: 'Spei\u2060chern' },
    ],
    passes: [
      { source: 'Save', target: 'Speichern' },
      // ZWNJ and ZWJ inside words and emoji are part of correct text: Persian, Hindi conjuncts, emoji sequences.
      { source: 'I want', target: 'می\u200cخواهم', targetLocale: 'fa' }, { source: 'Forgiveness', target: 'क्\u200dषमा', targetLocale: 'hi' }, { source: 'Forgiveness', target: 'क्\u200cषमा', targetLocale: 'hi' },
      { source: 'Developer', target: '👩\u200d💻 Entwickler' }, { source: 'Family', target: '👨\u200d👩\u200d👧 家族', targetLocale: 'ja' }, { source: 'Love', target: '\u2764\ufe0f\u200d\ud83d\udd25 حب', targetLocale: 'ar' },
      { source: 'Developer', target: '🧑🏽\u200d💻 개발자', targetLocale: 'ko' }, { source: 'Save file', target: 'บันทึก\u200bไฟล์', targetLocale: 'th' },
    ],
  },
  control_chars: {
    flags: [{ source: 'Save', target: 'Speichern\u0007' }, { source: 'Save', target: 'حفظ\u0007', targetLocale: 'ar' }, { source: 'Save', target: '保存\u001b', targetLocale: 'ja' }],
    passes: [{ source: 'Tab\there', target: 'Tab\thier' }, { source: 'Tab\there', target: 'علامة\tهنا', targetLocale: 'ar' }, { source: 'Tab\there', target: 'タブ\tここ', targetLocale: 'ja' }],
  },
  bidi_controls: {
    flags: [
      { source: 'Hello, {name}', target: 'مرحبا، \u2067{name}', targetLocale: 'ar' }, { source: 'Hello', target: 'שלום\u2069', targetLocale: 'he' },
      { source: 'Hello, {name}', target: 'مرحبا \u202e{name}\u202c', targetLocale: 'ar' }, { source: 'Save', target: '保存\u202b', targetLocale: 'ja' },
    ],
    passes: [
      { source: 'Hello, {name}', target: 'مرحبا، \u2068{name}\u2069', targetLocale: 'ar' }, { source: 'Hello, {name}', target: 'שלום, \u202b{name}\u202c', targetLocale: 'he' },
      { source: 'Hello', target: 'שלום\u200f', targetLocale: 'he' }, { source: '\u2067Hello', target: '\u2067مرحبا', targetLocale: 'ar' }, { source: 'Save', target: '保存', targetLocale: 'ja' },
    ],
  },
  kashida: {
    flags: [{ source: 'Welcome', target: 'مرحـــبا', targetLocale: 'ar' }, { source: 'Welcome', target: 'خوش\u200cآمـــدید', targetLocale: 'fa' }],
    passes: [{ source: 'Welcome', target: 'مرحبا', targetLocale: 'ar' }, { source: 'Welcome', target: 'ようこそ', targetLocale: 'ja' }],
  },
  numbers: {
    flags: [{ source: 'Up to 50 files', target: 'Bis zu 20 Dateien' }, { source: 'Free for 30 days', target: 'Gratis für drei Tage' }, { source: 'Up to 50 files', target: 'حتى ٢٠ ملفا', targetLocale: 'ar' }, { source: 'Up to 50 files', target: '最大20ファイル', targetLocale: 'ja' }],
    passes: [{ source: '1,000 files', target: '1.000 Dateien' }, { source: 'Version 2', target: 'النسخة ٢', targetLocale: 'ar' }, { source: '%1$d of 10', target: '10 中的 %1$d', targetLocale: 'zh' }, { source: 'Version 2', target: 'نسخه ۲', targetLocale: 'fa' }],
  },
  urls: {
    flags: [{ source: 'See https://tolk.dev/help', target: 'Siehe https://tolk.dev/hilfe' }, { source: 'See https://tolk.dev/help', target: 'انظر https://tolk.dev/مساعدة', targetLocale: 'ar' }, { source: 'See https://tolk.dev/help', target: 'https://tolk.dev/ヘルプ を参照', targetLocale: 'ja' }],
    passes: [{ source: 'See https://tolk.dev/help.', target: 'Siehe https://tolk.dev/help.' }, { source: 'See https://tolk.dev/help.', target: 'ראו https://tolk.dev/help.', targetLocale: 'he' }, { source: 'See https://tolk.dev/help', target: 'https://tolk.dev/help を参照', targetLocale: 'ja' }],
  },
  emails: {
    flags: [{ source: 'Write to help@tolk.dev', target: 'Schreib an hilfe@tolk.dev' }, { source: 'Write to help@tolk.dev', target: 'اكتب إلى mosaada@tolk.dev', targetLocale: 'ar' }, { source: 'Write to help@tolk.dev', target: 'tasuke@tolk.dev までご連絡ください', targetLocale: 'ja' }],
    passes: [{ source: 'Write to help@tolk.dev', target: 'כתבו אל help@tolk.dev', targetLocale: 'he' }, { source: 'Write to help@tolk.dev', target: 'help@tolk.dev までご連絡ください', targetLocale: 'ja' }],
  },
  brackets: {
    flags: [
      { source: 'Size (MB)', target: 'Größe (MB' }, { source: 'Say "hi"', target: 'Sag "hallo' }, { source: 'Title', target: '「タイトル', targetLocale: 'ja' },
      // Typographic quotes in each language's conventions.
      { source: 'Click “Save”', target: 'Klicke auf „Speichern' }, { source: 'Click “Save”', target: 'Klicke auf „Speichern”' }, { source: 'Click “Save”', target: 'Click “Save' },
      { source: 'Click “Save”', target: 'Cliquez sur « Enregistrer', targetLocale: 'fr' }, { source: 'Click “Save”', target: 'Cliquez sur Enregistrer »', targetLocale: 'fr' },
      { source: 'Click “Save”', target: 'Klicka på ”Spara', targetLocale: 'sv' }, { source: 'Click “Save”', target: 'Kliknij „Zapisz', targetLocale: 'pl' },
      { source: 'Click “Save”', target: '点击“保存', targetLocale: 'zh' }, { source: 'Click “Save”', target: '『保存」をクリック', targetLocale: 'ja' },
      { source: 'Click “Save”', target: 'انقر «حفظ', targetLocale: 'ar' }, { source: 'Click “Save”', target: 'לחצו „שמור', targetLocale: 'he' },
      { source: 'Say ‘hi’', target: 'Sag ‚hallo' },
    ],
    passes: [
      { source: 'Size (MB)', target: 'Größe (MB)' }, { source: 'Title', target: '「タイトル」', targetLocale: 'ja' }, { source: 'Nice :)', target: 'Schön :)' },
      { source: 'Click “Save”', target: 'Klicke auf „Speichern“' }, { source: 'Say ‘hi’', target: 'Sag ‚hallo‘' }, { source: 'Click “Save”', target: 'Klicke auf »Speichern«' },
      { source: 'Click “Save”', target: 'Klicke auf “Speichern”' }, { source: 'Click “Save”', target: 'Klicken Sie auf «Speichern»', targetLocale: 'de-CH' },
      { source: 'Click “Save”', target: 'Click “Save”', targetLocale: 'en-GB' }, { source: 'It’s “Save”', target: 'It’s ‘Save’ and the users’ files', targetLocale: 'en-GB' },
      { source: 'Click “Save”', target: 'Cliquez sur « Enregistrer »', targetLocale: 'fr' }, { source: 'Click “Save”', target: 'Нажмите «Сохранить „файл“»', targetLocale: 'ru' },
      { source: 'Click “Save”', target: 'Kliknij „Zapisz”', targetLocale: 'pl' }, { source: 'Click “Save”', target: 'Klicka på ”Spara”', targetLocale: 'sv' }, { source: 'Click “Save”', target: 'Klik på »Gem«', targetLocale: 'da' },
      { source: 'Click “Save”', target: '点击“保存”', targetLocale: 'zh' }, { source: 'Click “Save”', target: '『保存』をクリック', targetLocale: 'ja' }, { source: 'Click “Save”', target: '「저장」을 클릭', targetLocale: 'ko' },
      { source: 'Click “Save”', target: 'انقر «حفظ»', targetLocale: 'ar' }, { source: 'Click “Save”', target: 'לחצו „שמור”', targetLocale: 'he' },
      // A source that is unbalanced itself is no measure.
      { source: 'Click “Save', target: 'Klicke auf „Speichern' },
    ],
  },
  max_length: {
    flags: [{ source: 'Save', target: 'Speichern', maxLength: 6 }, { source: 'Save', target: '保存する保存する', targetLocale: 'ja', maxLength: 4 }, { source: 'Save file', target: 'حفظ الملف', targetLocale: 'ar', maxLength: 4 }],
    // Graphemes, not UTF-16 units: a flag is one, an Arabic letter with its vowel marks is one.
    passes: [{ source: 'Save', target: 'Sichern', maxLength: 7 }, { source: 'Flag', target: '🇩🇪🇩🇪', maxLength: 2 }, { source: 'Save', target: 'حَفِظَ', targetLocale: 'ar', maxLength: 3 }, { source: 'Save', target: '保存', targetLocale: 'ja', maxLength: 2 }],
  },
  do_not_translate: {
    flags: [
      { source: 'Open Tolk', target: 'Öffne Tolke', glossary: [{ term: 'Tolk', doNotTranslate: true }] },
      { source: 'Open Tolk', target: 'افتح تولك', targetLocale: 'ar', glossary: [{ term: 'Tolk', doNotTranslate: true }] },
      { source: 'Open Tolk', target: 'トルクを開く', targetLocale: 'ja', glossary: [{ term: 'Tolk', doNotTranslate: true }] },
    ],
    passes: [
      { source: 'Open Tolk', target: 'פתח את Tolk', targetLocale: 'he', glossary: [{ term: 'Tolk', doNotTranslate: true }] },
      // A name touching Japanese letters or a Korean particle is still the whole name.
      { source: 'Open Tolk', target: 'Tolkを開く', targetLocale: 'ja', glossary: [{ term: 'Tolk', doNotTranslate: true }] },
      { source: 'Open Tolk', target: 'Tolk를 여세요', targetLocale: 'ko', glossary: [{ term: 'Tolk', doNotTranslate: true }] },
    ],
  },
  glossary: {
    flags: [
      { source: 'Open the workspace', target: 'Öffne den Bereich', glossary: [{ term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' }] },
      { source: 'Open the workspace', target: 'افتح المساحة', targetLocale: 'ar', glossary: [{ term: 'workspace', doNotTranslate: false, translation: 'مساحة العمل' }] },
      { source: 'Open the workspace', target: 'スペースを開く', targetLocale: 'ja', glossary: [{ term: 'workspace', doNotTranslate: false, translation: 'ワークスペース' }] },
    ],
    passes: [
      { source: 'Your workspaces', target: 'Deine Arbeitsbereiche', glossary: [{ term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' }] },
      { source: 'Open the workspace', target: '打开工作区', targetLocale: 'zh', glossary: [{ term: 'workspace', doNotTranslate: false, translation: '工作区' }] },
      { source: 'Open the workspace', target: 'افتح مساحة العمل', targetLocale: 'ar', glossary: [{ term: 'workspace', doNotTranslate: false, translation: 'مساحة العمل' }] },
    ],
  },
  case: {
    flags: [{ source: 'Save', target: 'speichern' }, { source: 'save', target: 'Sauver', targetLocale: 'fr' }],
    // Arabic, Hebrew and CJK scripts have no case: nothing to compare.
    passes: [{ source: 'save file', target: 'Datei speichern' }, { source: 'Save', target: 'שמור', targetLocale: 'he' }, { source: 'Save', target: '保存', targetLocale: 'zh' }, { source: 'save', target: 'حفظ', targetLocale: 'ar' }, { source: 'Settings for iPhone', target: 'iPhoneの設定', targetLocale: 'ja' }, { source: 'Open iCloud', target: 'iCloud פתח', targetLocale: 'he' }],
  },
  repeated_word: {
    flags: [{ source: 'Open the file', target: 'Öffne die die Datei' }, { source: 'Open the file', target: 'افتح الملف الملف', targetLocale: 'ar' }, { source: 'Open the file', target: 'פתח את את הקובץ', targetLocale: 'he' }, { source: 'Open the file', target: '파일 파일 열기', targetLocale: 'ko' }],
    passes: [{ source: 'Bye bye', target: 'Tschüss tschüss' }, { source: 'Thanks', target: '谢谢谢谢', targetLocale: 'zh' }, { source: 'Sometimes', target: '時々', targetLocale: 'ja' }, { source: 'Open the file', target: 'افتح الملف', targetLocale: 'ar' }],
  },
}

const RTL = new Set(['ar', 'he', 'fa', 'ur'])
const CJK = new Set(['ja', 'zh', 'ko'])
const langOf = (c: Case) => (c.targetLocale ?? 'de').split(/[-_]/)[0]!

describe('quality checks: one positive and one negative case per check', () => {
  it('the table covers every check but the consistency ones, which run across units', () => {
    expect(Object.keys(TABLE).sort()).toEqual(CHECK_NAMES.filter((c) => c !== 'inconsistent' && c !== 'reused').sort())
  })
  it('every check has right-to-left and CJK rows', () => {
    const lacking = Object.entries(TABLE).flatMap(([check, { flags, passes }]) => {
      const langs = [...flags, ...passes].map(langOf)
      return [...(langs.some((l) => RTL.has(l)) ? [] : [`${check}: RTL`]), ...(langs.some((l) => CJK.has(l)) ? [] : [`${check}: CJK`])]
    })
    expect(lacking).toEqual([])
  })
  for (const [check, { flags, passes }] of Object.entries(TABLE)) {
    it.each(flags.map((c) => [JSON.stringify(c.target), c] as const))(`${check} flags %s`, (_, c) => {
      expect(checksOf(c)).toContain(check)
    })
    it.each(passes.map((c) => [JSON.stringify(c.target), c] as const))(`${check} passes %s`, (_, c) => {
      expect(checksOf(c)).not.toContain(check)
    })
  }
})

describe('findings name the span and the safe fix', () => {
  const fixOf = (c: Case, check: CheckName) => checkQuality(input(c)).find((f) => f.check === check)
  it.each([
    [{ source: 'Loading…', target: 'Laden...' }, 'ellipsis', 'Laden…'],
    [{ source: 'Name: ', target: ' Name:' }, 'begin_space', 'Name: '],
    [{ source: 'Save', target: 'Spei\u200bchern' }, 'zero_width', 'Speichern'],
    [{ source: 'Save', target: 'Spei\u0007chern' }, 'control_chars', 'Speichern'],
    [{ source: 'Delete?', target: 'Supprimer?', targetLocale: 'fr' }, 'punctuation_spacing', 'Supprimer\u202f?'],
    [{ source: 'Name: %s «x»', target: 'Nom : %s «x»', targetLocale: 'fr' }, 'punctuation_spacing', 'Nom\u00a0: %s «\u00a0x\u00a0»'],
    [{ source: 'Save file', target: 'Datei  speichern' }, 'double_space', 'Datei speichern'],
    [{ source: 'Open the file', target: 'Öffne die die Datei' }, 'repeated_word', 'Öffne die Datei'],
    // Only the stray zero-width characters go: the Persian ZWNJ inside the word stays.
    [{ source: 'I want', target: 'می\u200cخواهم\u200b', targetLocale: 'fa' }, 'zero_width', 'می\u200cخواهم'],
    [{ source: 'I want', target: 'می\u200cخواهم\u200c', targetLocale: 'fa' }, 'zero_width', 'می\u200cخواهم'],
    [{ source: 'File saved.', target: 'फ़ाइल सहेजी गई.', targetLocale: 'hi' }, 'danda', 'फ़ाइल सहेजी गई।'],
    [{ source: 'File saved.', target: 'ফাইল সংরক্ষিত হয়েছে\u09f7', targetLocale: 'bn' }, 'danda', 'ফাইল সংরক্ষিত হয়েছে।'],
    [{ source: 'Hello, {name}', target: 'مرحبا، \u2067{name}', targetLocale: 'ar' }, 'bidi_controls', 'مرحبا، \u2067{name}\u2069'],
    [{ source: 'Hello', target: 'שלום\u2069', targetLocale: 'he' }, 'bidi_controls', 'שלום'],
    [{ source: 'Hi', target: '\u2066\u202bمرحبا', targetLocale: 'ar' }, 'bidi_controls', '\u2066\u202bمرحبا\u202c\u2069'],
  ] as [Case, CheckName, string][])('%o: %s fixed to %s', (c, check, fixed) => {
    expect(fixOf(c, check)?.fix).toBe(fixed)
  })
  it('every finding names a span of its text: the offending part, or the whole text when what is wrong is missing', () => {
    for (const [check, { flags }] of Object.entries(TABLE)) {
      for (const c of flags) {
        for (const f of checkQuality(input(c))) {
          const text = f.form ? c.plural!.target[f.form]! : c.target
          expect(f.span, `${check}: ${f.check} of ${JSON.stringify(c.target)}`).toBeDefined()
          expect(0 <= f.span.start && f.span.start <= f.span.end && f.span.end <= text.length, `${f.check} span ${JSON.stringify(f.span)} in ${JSON.stringify(text)}`).toBe(true)
        }
      }
    }
  })
  it.each([
    // The altered term, the term left untranslated, the line break too many; the whole text when something is missing.
    [{ source: 'Open Tolk', target: 'Öffne die tolke App', glossary: [{ term: 'Tolk', doNotTranslate: true }] }, 'do_not_translate', 'tolke'],
    [{ source: 'Open Tolk', target: 'Öffne das Programm', glossary: [{ term: 'Tolk', doNotTranslate: true }] }, 'do_not_translate', 'Öffne das Programm'],
    [{ source: 'Open the workspace', target: 'Öffne den Workspace', glossary: [{ term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' }] }, 'glossary', 'Workspace'],
    [{ source: 'Open the workspace', target: 'Öffne den Bereich', glossary: [{ term: 'workspace', doNotTranslate: false, translation: 'Arbeitsbereich' }] }, 'glossary', 'Öffne den Bereich'],
    [{ source: 'One\nTwo', target: 'Eins\nZwei\nDrei' }, 'newline_count', '\n'],
    [{ source: 'One\nTwo', target: 'Eins Zwei' }, 'newline_count', 'Eins Zwei'],
    [{ source: 'One\\nTwo', target: 'Eins\\nZwei\\nDrei' }, 'escaped_newline', '\\n'],
    [{ source: 'Hello, %s!', target: 'Hallo!' }, 'placeholders', 'Hallo!'],
    [{ source: 'Save', target: '' }, 'empty', ''],
    [{ source: 'Save', target: '  ' }, 'empty', '  '],
    [{ source: 'Save the file', target: 'Save the file' }, 'unchanged', 'Save the file'],
    [{ source: 'files', target: 'Dateien', plural: { source: { one: '# file', other: '# files' }, target: { other: 'Dateien' } } }, 'plural_forms', 'Dateien'],
    [{ source: 'Click <b>Save</b>', target: 'Speichern' }, 'tags', 'Speichern'],
  ] as [Case, CheckName, string][])('%o: %s points at %j', (c, check, text) => {
    const f = fixOf(c, check)!
    expect(c.target.slice(f.span.start, f.span.end)).toBe(text)
  })
  it('spans point into the translation', () => {
    const f = fixOf({ source: 'Hi {name}', target: 'Hallo {nom}' }, 'placeholders')!
    expect('Hallo {nom}'.slice(f.span!.start, f.span!.end)).toBe('{nom}')
    const n = fixOf({ source: 'Up to 50 files', target: 'Bis zu 20 Dateien' }, 'numbers')!
    expect('Bis zu 20 Dateien'.slice(n.span!.start, n.span!.end)).toBe('20')
    const m = fixOf({ source: 'Save', target: 'Speichern', maxLength: 6 }, 'max_length')!
    expect(m.span).toEqual({ start: 6, end: 9 })
  })
  it('no fix is offered where none is safe', () => {
    expect(fixOf({ source: 'Delete?', target: 'Löschen' }, 'end_question')?.fix).toBeUndefined()
    expect(fixOf({ source: 'Hi {name}', target: 'Hallo {nom}' }, 'placeholders')?.fix).toBeUndefined()
  })
  it('applySafeFixes composes every safe fix', () => {
    expect(applySafeFixes(input({ source: 'Loading…', target: ' Laden...\u200b' }))).toBe('Laden…')
    expect(applySafeFixes(input({ source: 'Save', target: 'Speichern' }))).toBeNull()
  })
})

// Every CLDR cardinal category set the runtime has, with a language that uses it.
const CATEGORY_SETS: [string, string[]][] = [
  ['ja', ['other']],
  ['en', ['one', 'other']],
  ['fr', ['one', 'many', 'other']],
  ['hr', ['one', 'few', 'other']],
  ['lv', ['zero', 'one', 'other']],
  ['he', ['one', 'two', 'other']],
  ['ru', ['one', 'few', 'many', 'other']],
  ['sl', ['one', 'two', 'few', 'other']],
  ['ga', ['one', 'two', 'few', 'many', 'other']],
  ['ar', ['zero', 'one', 'two', 'few', 'many', 'other']],
]

// Every CLDR ordinal category set the runtime has, with a language that uses it (selectordinal).
const ORDINAL_SETS: [string, string[]][] = [
  ['ja', ['other']],
  ['fr', ['one', 'other']],
  ['it', ['many', 'other']],
  ['uk', ['few', 'other']],
  ['ka', ['one', 'many', 'other']],
  ['en', ['one', 'two', 'few', 'other']],
  ['mk', ['one', 'two', 'many', 'other']],
  ['az', ['one', 'few', 'many', 'other']],
  ['hi', ['one', 'two', 'few', 'many', 'other']],
  ['cy', ['zero', 'one', 'two', 'few', 'many', 'other']],
]

describe('plural category sets', () => {
  const source = { one: '%d file', other: '%d files' }
  it.each(CATEGORY_SETS)('%s needs %j', (locale, set) => {
    expect(categoriesOf(locale, 'cardinal')).toEqual(set)
  })
  it.each(CATEGORY_SETS)('%s: a plural map with exactly its categories passes, lacking one or adding one is flagged', (locale, set) => {
    const full = Object.fromEntries(set.map((c, i) => [c, `%d x${i}`]))
    const plural = (target: Record<string, string>) => checksOf({ source: '%d files', target: '%d x', targetLocale: locale, plural: { source, target } })
    expect(plural(full)).not.toContain('plural_forms')
    if (set.length > 1) expect(plural(Object.fromEntries(Object.entries(full).filter(([c]) => c !== set[0])))).toContain('plural_forms')
    const extra = ['zero', 'one', 'two', 'few', 'many'].find((c) => !set.includes(c))
    if (extra) expect(plural({ ...full, [extra]: '%d y' })).toContain('plural_forms')
  })
  it.each(CATEGORY_SETS)('%s: an ICU plural with exactly its categories passes, lacking one is flagged', (locale, set) => {
    const icu = (cats: string[]) => `{n, plural, ${cats.map((c) => `${c} {# x}`).join(' ')}}`
    const src = '{n, plural, one {# file} other {# files}}'
    expect(checksOf({ source: src, target: icu(set), targetLocale: locale })).not.toContain('icu_plural')
    if (set.length > 1) expect(checksOf({ source: src, target: icu(set.slice(1)), targetLocale: locale })).toContain('icu_plural')
  })
  it.each(CATEGORY_SETS)('%s: an ICU plural with a category the locale does not use is flagged', (locale, set) => {
    const extra = ['zero', 'one', 'two', 'few', 'many'].find((c) => !set.includes(c))
    if (!extra) return
    const target = `{n, plural, ${[...set, extra].map((c) => `${c} {# x}`).join(' ')}}`
    expect(checksOf({ source: '{n, plural, one {# file} other {# files}}', target, targetLocale: locale })).toContain('icu_plural')
  })
  it.each(ORDINAL_SETS)('%s ordinals need %j', (locale, set) => {
    expect(categoriesOf(locale, 'ordinal')).toEqual(set)
  })
  it.each(ORDINAL_SETS)('%s: a selectordinal with exactly its ordinal categories passes, lacking one or adding one is flagged', (locale, set) => {
    const icu = (cats: string[]) => `{n, selectordinal, ${cats.map((c) => `${c} {#.}`).join(' ')}}`
    const src = '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}'
    expect(checksOf({ source: src, target: icu(set), targetLocale: locale })).not.toContain('icu_plural')
    if (set.length > 1) expect(checksOf({ source: src, target: icu(set.slice(1)), targetLocale: locale })).toContain('icu_plural')
    const extra = ['zero', 'one', 'two', 'few', 'many'].find((c) => !set.includes(c))
    if (extra) expect(checksOf({ source: src, target: icu([...set, extra]), targetLocale: locale })).toContain('icu_plural')
  })
  it('an extra zero is flagged unless the files read it (Android ignores it in German), and an accepted zero form is checked like any form', () => {
    const plural = { source: { zero: 'No files', one: '%d file', other: '%d files' }, target: { zero: 'Keine  Dateien', one: '%d Datei', other: '%d Dateien' } }
    expect(checksOf({ source: '%d files', target: '%d Dateien', plural })).toContain('plural_forms')
    const accepted = checkQuality(input({ source: '%d files', target: '%d Dateien', plural, extraCategories: ['zero'] }))
    expect(accepted.map((f) => [f.check, f.form])).toEqual([['double_space', 'zero']])
  })
  it('optional categories (French many) may be left out of a plural map', () => {
    const c: Case = { source: '%d files', target: '%d fichiers', targetLocale: 'fr', optionalCategories: ['many'], plural: { source, target: { one: '%d fichier', other: '%d fichiers' } } }
    expect(checksOf(c)).not.toContain('plural_forms')
  })
  it('a spelled-out form may drop the number; other may not', () => {
    const target = { one: 'Eine Datei', other: 'Dateien' }
    const found = checkQuality(input({ source: '%d files', target: 'Dateien', plural: { source, target } }))
    expect(found.filter((f) => f.check === 'placeholders').map((f) => f.form)).toEqual(['other'])
  })
})

describe('consistency across units', () => {
  it('flags a source translated two ways, and a translation used for two sources', () => {
    const index = new ConsistencyIndex()
    index.add({ unitId: 'u1', source: 'Save', target: 'Speichern' })
    index.add({ unitId: 'u2', source: 'Save.', target: 'Sichern.' })
    index.add({ unitId: 'u3', source: 'Store', target: 'Speichern' })
    index.add({ unitId: 'u4', source: 'Cancel', target: 'Abbrechen' })
    const found = index.findings()
    // About the translation as a whole: the span is the whole text.
    expect(found.get('u2')?.[0]?.span).toEqual({ start: 0, end: 'Sichern.'.length })
    expect(found.get('u1')?.map((f) => f.check).sort()).toEqual(['inconsistent', 'reused'])
    expect(found.get('u2')?.map((f) => f.check)).toEqual(['inconsistent'])
    expect(found.get('u2')?.[0]?.message).toContain('"Speichern"')
    expect(found.get('u3')?.map((f) => f.check)).toEqual(['reused'])
    expect(found.has('u4')).toBe(false)
  })
  it('passes equal translations of equal sources, in RTL and CJK too', () => {
    const index = new ConsistencyIndex()
    index.add({ unitId: 'a', source: 'Save', target: 'שמור' })
    index.add({ unitId: 'b', source: 'save', target: 'שמור' })
    index.add({ unitId: 'c', source: 'Open file', target: '打开文件' })
    index.add({ unitId: 'd', source: 'Open file', target: '打开文件' })
    expect(index.findings().size).toBe(0)
  })
})

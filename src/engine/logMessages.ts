/**
 * The QA log's texts, by message number. Empty here: the build (scripts/logMessages.ts) rewrites
 * each logger call written with a text to a number and fills this module with the texts, and only
 * tag-debug.js carries it (the logger loads it when the log is on).
 */
import type { MessageTexts } from './logger';

export const MESSAGE_TEXTS: MessageTexts = [];

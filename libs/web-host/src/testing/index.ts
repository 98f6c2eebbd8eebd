export { expectAccessible, focusedText, focusOnceMoved, inPage, nextMail } from './browser-kit';

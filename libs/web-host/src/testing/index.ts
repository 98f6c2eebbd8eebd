export { expectAccessible, focusedText, focusOnceMoved, inPage, nextMail, watchedContext } from './browser-kit';

// The web apps' shared frame (apps/hub-web, apps/admin-web): routing, links, the API's base URL,
// optional form fields, the page heading, problems in plain words, the e-mailed-code sign-in and the base stylesheet.
export { API_BASE_URL_META_NAME, apiBaseUrlFrom, readApiBaseUrl } from './api-base-url';
export { filledField } from './filled-field';
export { Link } from './link.component';
export { createPageHeading, type PageHeadingOptions, type PageHeadingProps } from './page-heading.component';
export { ProblemAlert } from './problem-alert.component';
export { navigate, useLocationKey } from './router';
export { SignInForm, type SignInFormProps } from './sign-in-form.component';
export { tabSessionStore } from './tab-session-store';

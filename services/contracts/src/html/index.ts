// HTML as the services and the web app read it: the one "is this HTML" rule, escaping, and (server-side) links.
export * from './escape-html';
export * from './find-links';
export * from './is-html';
export * from './read-html';

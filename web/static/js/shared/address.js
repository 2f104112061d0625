// The page's address carries its modes and links in the query (?embed,
// ?example=, ?exercise=, ?present=) and a shared state in the fragment. Each
// module reads and changes only its own parameter, and keeps the others as
// they were written.

/** param is the value of the query parameter name in the page's address, or null. */
export function param(name) {
  return new URLSearchParams(window.location.search).get(name);
}

/**
 * addressWith is the page's address with the query parameter name set to
 * value, or removed when value is null or ''. The other parameters keep their
 * order and form (a bare flag such as embed stays bare); hash is the fragment
 * to end with, the current one unless given.
 */
export function addressWith(name, value, { hash = window.location.hash } = {}) {
  const { pathname, search } = window.location;
  const rest = search.slice(1).split('&').filter((part) => part && decodeURIComponent(part.split('=')[0]) !== name);
  if (value !== null && value !== '') rest.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return `${pathname}${rest.length > 0 ? `?${rest.join('&')}` : ''}${hash}`;
}

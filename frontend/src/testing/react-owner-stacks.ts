/**
 * React's development build without its owner stacks (issue 27): a setup file (vitest.config.ts).
 *
 * React 19 in development records, for every element it creates (`createElement`, `jsx`), where it
 * was created: an `Error`, whose stack V8 captures at once (some 10 µs each). It reads them only to
 * print the "owner stack" of a warning (a missing key, an update outside `act`). With antd's deep
 * component trees that was several percent of the component tests' CPU, for stacks no test reads.
 * (React also makes a `console.createTask` per element where the console has one: Vitest's console
 * has none, so no task is made here.)
 *
 * React has no switch for it, and its production build refuses `act`. Its own limit is the lever:
 * React records at most 10,000 stacks a second and then gives every element its one shared "unknown
 * owner" stack; its count is kept at that limit here. Warnings are still printed, with their
 * component stack, without the frames of the code that created the element.
 *
 * `REACT_OWNER_STACKS=1 npx vitest run <file>` keeps them, to follow a warning to its source.
 */
import * as React from 'react';

const internals = (React as unknown as Record<string, unknown>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as object | undefined;

if (!import.meta.env.REACT_OWNER_STACKS && internals && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => 10_000,
    set: () => undefined,
  });
}

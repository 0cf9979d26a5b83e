/**
 * React's development build without its owner stacks (issue 27), a setup file that runs before any
 * other imports React.
 *
 * React 19 in development records, for every element it creates (`createElement`, `jsx`), where it
 * was created: an `Error` (its stack is captured at once, some 10 µs each) and a `console.createTask`
 * (Node provides one) that each render, effect and event of its component then runs inside. It uses
 * them only to print the "owner stack" of a warning (a missing key, an update outside `act`). With
 * antd's deep component trees that was a tenth of the component tests' CPU, for stacks no test reads.
 *
 * React has no switch for it (its production build refuses `act`), so this uses the two levers its
 * code gives: without `console.createTask` when React's modules load, no task is made or run; and
 * its count of the stacks recorded in the last second kept at its limit (10,000, after which React
 * itself stops recording them), every element shares React's one "unknown owner" stack. Warnings
 * are still printed, with their component stack, without the owner's frames.
 *
 * `REACT_OWNER_STACKS=1 npx vitest run <file>` keeps them, to follow a warning to its source.
 */
if (!process.env.REACT_OWNER_STACKS) {
  const { createTask } = console;
  Reflect.deleteProperty(console, 'createTask');
  try {
    // Loaded now, while `console.createTask` is absent; every later import is this same module.
    const React = await import('react');
    await import('react/jsx-dev-runtime');
    await import('react/jsx-runtime');
    await import('react-dom/client');
    const internals = (React as unknown as Record<string, unknown>)
      .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as object | undefined;
    if (internals && 'recentlyCreatedOwnerStacks' in internals) {
      Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
        configurable: true,
        get: () => 10_000,
        set: () => undefined,
      });
    }
  } finally {
    if (createTask) console.createTask = createTask;
  }
}

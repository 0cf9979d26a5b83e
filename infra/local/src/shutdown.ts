/**
 * Ctrl-C (SIGINT), SIGTERM and a closed terminal (SIGHUP) stop the local stack cleanly before the
 * process exits. DynamoDB Local is an external engine that may lose its last acknowledged
 * transaction when it is killed outright (SIGKILL): stopped through its own shutdown (SIGTERM, then
 * waiting for it to exit), it loses nothing. Further signals while stopping are ignored with a
 * message, so a second Ctrl-C does not cut the stop short.
 */
export const shutdownSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export function stopOnSignals(
  stop: () => Promise<void>,
  options: { exit?: (code: number) => void; log?: (message: string) => void } = {},
): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const log = options.log ?? ((message: string) => console.log(message));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`Arrêt en cours (${signal} ignoré) : DynamoDB Local enregistre ses données…`);
      return;
    }
    stopping = true;
    log('Arrêt de BTP Gestion…');
    stop().then(
      () => exit(0),
      (error: unknown) => {
        log(`Arrêt incomplet : ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  for (const signal of shutdownSignals) process.on(signal, onSignal);
  return () => {
    for (const signal of shutdownSignals) process.off(signal, onSignal);
  };
}

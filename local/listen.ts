// Starting and stopping the local twins' HTTP servers, with a sentence a person can act on when a port is taken.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What runs on each port, and the environment variable of `npm start` that moves it. */
export const SERVICES = {
  app: { label: 'the app', portVariable: 'PORT' },
  cognito: { label: 'the Cognito twin', portVariable: 'COGNITO_PORT' },
  cognitoSignIn: { label: "the Cognito twin's sign-in pages", portVariable: 'COGNITO_SIGN_IN_PORT' },
  schoolSignIn: { label: 'the school sign-in providers', portVariable: 'SCHOOL_SIGN_IN_PORT' },
  dynamodb: { label: 'the DynamoDB twin', portVariable: 'DYNAMODB_PORT' },
  s3: { label: 'the S3 twin', portVariable: 'S3_PORT' },
  ltiPlatform: { label: 'the LTI platform twin (a local LMS)', portVariable: 'LTI_PLATFORM_PORT' },
} as const;

export type ServiceKey = keyof typeof SERVICES;

export class PortInUseError extends Error {
  constructor(readonly taken: { port: number; service: ServiceKey }[]) {
    super(
      taken
        .map(({ port, service }) => {
          const { label, portVariable } = SERVICES[service];
          return `Port ${port} is in use (wanted for ${label}); set ${portVariable}=... to another port or stop the other process.`;
        })
        .join('\n'),
    );
    this.name = 'PortInUseError';
  }
}

/** Listens on host:port (0 = any free port) and resolves with the port actually bound. */
export function listen(server: Server, port: number, host: string, service: ServiceKey): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError([{ port, service }]) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Stops accepting connections, lets requests in flight finish for up to `drainMs` (a request whose writes were made
 * gets its answer, so a client does not retry and repeat them), then drops what is left, including idle keep-alive
 * sockets (SDK clients keep them open), so a process can exit.
 */
export function closeServer(server: Server, drainMs = 0): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    // A connection becomes idle once its request is answered; close those as they appear.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 20);
    const deadline = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearInterval(closeIdle);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Checks the fixed ports before anything starts, so one message names every port that is taken rather than the
 * first one found. (A port can still be taken in between; listen() reports that too.)
 */
export async function assertPortsFree(host: string, ports: Partial<Record<ServiceKey, number>>): Promise<void> {
  const taken: { port: number; service: ServiceKey }[] = [];
  for (const [service, port] of Object.entries(ports) as [ServiceKey, number][]) {
    if (!port) continue;
    const probe = createServer();
    try {
      await listen(probe, port, host, service);
      await closeServer(probe);
    } catch (error) {
      if (!(error instanceof PortInUseError)) throw error;
      taken.push(...error.taken);
    }
  }
  if (taken.length) throw new PortInUseError(taken);
}

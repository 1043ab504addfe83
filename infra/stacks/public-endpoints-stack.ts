// The app's public endpoints outside /api (the LTI tool's login, launch and keys; shared/contract/lti.ts
// `ltiEndpoints`), as a nested stack of the Api stack: one function per handler, routes on the HTTP API without the
// JWT authorizer (an LMS posts to them in the browser; the handlers still require CloudFront's origin-verify header),
// and the secret holding the tool's private keys.
import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { ltiEndpoints, type LtiEndpointName } from '../../shared/contract/lti';
import type { ApiMonitoring } from '../constructs/api-monitoring';
import { PublicEndpointFunction, type PublicEndpointFunctionProps } from '../constructs/public-endpoint-function';
import { publicEndpointDeployment } from '../route-deployment';

export interface PublicEndpointsStackProps extends NestedStackProps {
  httpApi: HttpApi;
  functions: Omit<PublicEndpointFunctionProps, 'endpoint' | 'description' | 'toolKeys'>;
  /** The name of the tool's key secret this stack creates. */
  toolKeysSecretName: string;
  monitoring: ApiMonitoring;
}

/** The endpoints grouped by the handler that answers them (both methods of the login are one function). */
export function endpointsByHandler(): Map<string, LtiEndpointName[]> {
  const byHandler = new Map<string, LtiEndpointName[]>();
  for (const name of Object.keys(publicEndpointDeployment) as LtiEndpointName[]) {
    const { handler } = publicEndpointDeployment[name];
    byHandler.set(handler, [...(byHandler.get(handler) ?? []), name]);
  }
  return byHandler;
}

/** A function's description: its endpoints' methods and path (`GET, POST /lti/login`). */
export const publicFunctionDescription = (names: readonly LtiEndpointName[]) =>
  `${names.map((name) => ltiEndpoints[name].method).join(', ')} ${ltiEndpoints[names[0]].path}`;

export class PublicEndpointsStack extends NestedStack {
  /** The routes on the HTTP API, which the stage's per-route settings name. */
  readonly httpRoutes: HttpRoute[] = [];
  /** The tool's private keys (the LTI score sender signs its token requests with them). */
  readonly toolKeys: { secret: Secret; secretName: string };

  constructor(scope: Construct, id: string, props: PublicEndpointsStackProps) {
    super(scope, id, props);
    // Created with a placeholder: `npm run rotate-lti-tool-keys` writes the first key document and each rotation's
    // (README "LTI tool keys"); until then the functions reading it answer an error page.
    const toolKeys = new Secret(this, 'LtiToolKeys', {
      secretName: props.toolKeysSecretName,
      description: 'The LTI tool\'s private RSA keys as { "keys": [JWK, ...] }, newest first (npm run rotate-lti-tool-keys)',
    });
    this.toolKeys = { secret: toolKeys, secretName: props.toolKeysSecretName };
    NagSuppressions.addResourceSuppressions(toolKeys, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'LtiToolKeys: a rotation must publish the new key while platforms still hold the old one (an overlap), which a Secrets Manager rotation Lambda cannot coordinate; npm run rotate-lti-tool-keys rotates it (README, docs/decisions/lti/tool-endpoints-in-aws.md).',
      },
    ]);

    for (const names of endpointsByHandler().values()) {
      const endpoint = publicEndpointDeployment[names[0]];
      const id = names[0];
      const { function: fn } = new PublicEndpointFunction(this, id, {
        ...props.functions,
        endpoint,
        description: publicFunctionDescription(names),
        toolKeys: { secret: toolKeys, secretName: props.toolKeysSecretName },
      });
      for (const name of names) {
        const { method, path } = ltiEndpoints[name];
        const route = new HttpRoute(this, `${name}Route`, {
          httpApi: props.httpApi,
          routeKey: HttpRouteKey.with(path, HttpMethod[method]),
          integration: new HttpLambdaIntegration(`${name}Integration`, fn),
        });
        const reason = `${name} (${method} ${path}): an LTI tool endpoint the LMS sends the browser to without any token of ours; the launch proves itself with the platform's signed id_token and the login's state and single-use nonce, and the handler refuses requests without CloudFront's origin-verify header.`;
        NagSuppressions.addResourceSuppressions(route, [
          { id: 'AwsSolutions-APIG4', reason },
          { id: 'AwsSolutions-COG4', reason },
        ]);
        this.httpRoutes.push(route);
      }
      props.monitoring.watchFunction(this, id, fn);
    }
  }
}

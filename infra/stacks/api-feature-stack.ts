// One feature's part of the API (routeFeature in infra/route-deployment.ts): its routes' functions, their routes on
// the HTTP API and their alarms, as a nested stack of the Api stack. Features keep each stack far below
// CloudFormation's per-stack limits as routes are added (infra/test/limits.test.ts).
import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import type { ApiMonitoring } from '../constructs/api-monitoring';
import { RouteFunction, type RouteFunctionProps } from '../constructs/route-function';
import type { DeployedRoute } from '../route-deployment';

/** What every function of the feature is built with (RouteFunctionProps but the route). */
export type FeatureFunctionProps = Omit<RouteFunctionProps, 'route'>;

export interface ApiFeatureStackProps extends NestedStackProps {
  routes: readonly (readonly [string, DeployedRoute])[];
  httpApi: HttpApi;
  authorizer: IHttpRouteAuthorizer;
  functions: FeatureFunctionProps;
  monitoring: ApiMonitoring;
}

export class ApiFeatureStack extends NestedStack {
  /** The feature's routes on the HTTP API, which the stage's per-route settings name. */
  readonly httpRoutes: HttpRoute[] = [];

  constructor(scope: Construct, id: string, props: ApiFeatureStackProps) {
    super(scope, id, props);
    for (const [name, route] of props.routes) {
      const { function: fn } = new RouteFunction(this, name, { ...props.functions, route });
      this.httpRoutes.push(
        new HttpRoute(this, `${name}Route`, {
          httpApi: props.httpApi,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration: new HttpLambdaIntegration(`${name}Integration`, fn),
          authorizer: props.authorizer,
        }),
      );
      props.monitoring.watchFunction(this, name, fn);
    }
  }
}

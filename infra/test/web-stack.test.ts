// The front door: security headers, SPA routing that leaves /api/* alone, the API behind the same origin, the
// runtime config, and CORS on the upload bucket for the app's origin only.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { webConfigSchema } from '../../shared/web-config';
import { htmlFileForRoute } from '../../shared/web-delivery';
import { WEB_PAGES } from '../../shared/web-pages';
import { FAKE_INLINE_HASHES, synthesize } from './synthesize';
import { settingsOf } from '../stage-settings';

let web: Template;
let outdir: string;
let cleanup: () => void;

beforeAll(() => {
  ({ templates: { web }, outdir, cleanup } = synthesize());
}, 60_000);
afterAll(() => cleanup());

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/** Renders an Fn::Join as text, with the URL suffix filled in and every other reference shown as <ref>. */
function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if ((value as { Ref?: string }).Ref === 'AWS::URLSuffix') return 'amazonaws.com';
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(render).join(join[0]);
  return '<ref>';
}

const distributionConfig = () => Object.values(web.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;

/** The response headers policy of that logical id prefix. */
const headersPolicy = (idPrefix: string) => {
  const [id, policy] = Object.entries(web.findResources('AWS::CloudFront::ResponseHeadersPolicy')).find(([key]) => key.startsWith(idPrefix))!;
  return { ref: { Ref: id }, config: policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig };
};
const cspDirectivesOf = (idPrefix: string) =>
  new Map(
    render(headersPolicy(idPrefix).config.ContentSecurityPolicy.ContentSecurityPolicy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources] as const),
  );
const behaviorFor = (pathPattern: string) =>
  distributionConfig().CacheBehaviors.find((behavior: { PathPattern: string }) => behavior.PathPattern === pathPattern);

describe('security headers', () => {
  const securityHeaders = () => headersPolicy('SecurityHeaders').config;
  const cspDirectives = () => cspDirectivesOf('SecurityHeaders');

  test('CSP allows scripts and styles from the app only, and what the build inlined by its hash, and forbids plugins; the app frames only its own document frame', () => {
    const policies = Object.keys(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(policies.map((id) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(['DocumentFrameHeaders', 'LtiDeepLinkPageHeaders', 'LtiHeaders', 'SecurityHeaders']);
    const csp = cspDirectives();
    // No inline script but the signed-in frame's, by the hash the build wrote.
    expect(csp.get('script-src')).toEqual(["'self'", ...FAKE_INLINE_HASHES.scripts.map((hash) => `'${hash}'`)]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // No inline style but the public pages' inlined stylesheet, by the hash the build wrote: a file's <style> or
    // style attribute cannot restyle the app.
    expect(csp.get('style-src')).toEqual(["'self'", ...FAKE_INLINE_HASHES.styles.map((hash) => `'${hash}'`)]);
    for (const sources of csp.values()) expect(sources).not.toContain("'unsafe-inline'");
    for (const sources of csp.values()) expect(sources).not.toContain("'unsafe-eval'");
  });

  test("CSP lets the reader run pdf.js's worker and show files read from the app's origin, and nothing from elsewhere", () => {
    const csp = cspDirectives();
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  test('CSP lets the app reach Cognito and the upload bucket (uploads go there), and nothing else', () => {
    const connect = cspDirectives().get('connect-src')!;
    expect(connect[0]).toBe("'self'");
    expect(connect).toContain('https://cognito-idp.eu-west-1.amazonaws.com');
    expect(connect.filter((source) => source.startsWith('https://<ref>'))).toHaveLength(2); // regional + global bucket host
    expect(connect).toHaveLength(4);
  });

  test('HSTS, nosniff, no framing and a referrer policy', () => {
    expect(securityHeaders()).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
  });

  test('the site and the API send them', () => {
    const { ref } = headersPolicy('SecurityHeaders');
    expect(distributionConfig().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(ref);
    expect(behaviorFor('/api/*').ResponseHeadersPolicyId).toEqual(ref);
  });

  test("the document frame has its own policy: the renderers' inline styles and embedded pictures, no script, no request, framed by the app only", () => {
    const frame = behaviorFor('/document-frame.html');
    expect(frame.ResponseHeadersPolicyId).toEqual(headersPolicy('DocumentFrameHeaders').ref);
    expect(frame.TargetOriginId).toBe(distributionConfig().DefaultCacheBehavior.TargetOriginId);
    expect(Object.fromEntries(cspDirectivesOf('DocumentFrameHeaders'))).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'img-src': ['data:', 'blob:'],
      'font-src': ['data:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'self'"],
    });
    expect(headersPolicy('DocumentFrameHeaders').config).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'SAMEORIGIN', Override: true },
    });
  });

  test("the LTI deep linking page has the app's policy, but its forms may post to the LMS (any https origin)", () => {
    const page = behaviorFor('/lms/deep-link/*');
    expect(page.ResponseHeadersPolicyId).toEqual(headersPolicy('LtiDeepLinkPageHeaders').ref);
    expect(page.TargetOriginId).toBe(distributionConfig().DefaultCacheBehavior.TargetOriginId);
    expect(page.FunctionAssociations).toEqual(distributionConfig().DefaultCacheBehavior.FunctionAssociations);
    const app = Object.fromEntries(cspDirectives());
    expect(Object.fromEntries(cspDirectivesOf('LtiDeepLinkPageHeaders'))).toEqual({ ...app, 'form-action': ["'self'", 'https:'] });
    expect(headersPolicy('LtiDeepLinkPageHeaders').config).toMatchObject({ FrameOptions: { FrameOption: 'DENY', Override: true } });
  });
});

describe('distribution', () => {
  test('serves the site bucket through origin access control over HTTPS only', () => {
    const config = distributionConfig();
    const s3Origin = config.Origins.find((origin: { S3OriginConfig?: unknown }) => origin.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });

  test('routes /api/* to the HTTP API uncached, with the Authorization header and all methods', () => {
    const config = distributionConfig();
    const api = behaviorFor('/api/*');
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
      ViewerProtocolPolicy: 'https-only',
    });
    expect(api.FunctionAssociations).toBeUndefined();
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    // CloudFront proves itself to the API with the deployed generation's value of the origin-verify secret, resolved at
    // deploy time by the secret's name.
    expect(origin.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: '{{resolve:secretsmanager:prod-learning-paths/origin-verify:SecretString:g1::}}' },
    ]);
  });

  test('SPA fallback is a viewer-request function on the default behavior, not a distribution-wide error page', () => {
    const config = distributionConfig();
    expect(config.CustomErrorResponses).toBeUndefined();
    const [association] = config.DefaultCacheBehavior.FunctionAssociations;
    expect(association.EventType).toBe('viewer-request');
    const functionId = association.FunctionARN['Fn::GetAtt'][0];
    const code: string = web.toJSON().Resources[functionId].Properties.FunctionCode;
    const handler = new Function(`${code}; return handler;`)() as (event: unknown) => { uri: string };
    const route = (uri: string) => handler({ request: { uri } }).uri;
    expect(route('/')).toBe('/prerendered/landing.html');
    expect(route('/teacher-login')).toBe('/prerendered/teacher-login.html');
    expect(route('/teacher-dashboard')).toBe('/shells/teacher-dashboard.html');
    expect(route('/analytics/class-1')).toBe('/shells/class-report.html');
    expect(route('/student/class/c1/module/m1/section/s1')).toBe('/shells/reader.html');
    expect(route('/analytics/class-1/extra')).toBe('/index.html');
    expect(route('/teacher-modules/abc/edit')).toBe('/index.html');
    expect(route('/teacher-login/extra')).toBe('/index.html');
    expect(route('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    // The function answers as the local server does (htmlFileForRoute), for a path of every page and its neighbours.
    for (const { path: pagePath } of WEB_PAGES) {
      const sample = pagePath === '*' ? '/no-such-page' : pagePath.replace(/:(\w+)/g, '$1-1');
      for (const pathname of [sample, `${sample}/more`, `${sample}x`]) {
        expect(route(pathname)).toBe(`/${htmlFileForRoute(pathname)}`);
      }
    }
    expect(route('/config.json')).toBe('/config.json');
  });
});

describe('framed by the registered LMSs', () => {
  /** The function's code, run in Node with a stand-in for CloudFront's key value store module. */
  function frameAncestorsHandler(code: string, stored: string | undefined) {
    const store = { get: async (key: string) => (key === 'frame-ancestors' && stored !== undefined ? stored : Promise.reject(new Error('The key was not found'))) };
    const body = code.replace("import cf from 'cloudfront';", '');
    return new Function('cf', `${body}; return handler;`)({ kvs: () => store }) as (event: unknown) => Promise<{ headers: Record<string, { value: string }> }>;
  }
  const appPage = () => ({
    response: {
      statusCode: 200,
      headers: {
        'content-security-policy': { value: "default-src 'self'; frame-ancestors 'none'; upgrade-insecure-requests" },
        'x-frame-options': { value: 'DENY' },
        'content-type': { value: 'text/html' },
      },
    },
  });

  test("the app's pages (default and deep linking behaviours) get a viewer-response function reading the Api stack's key value store", () => {
    const config = distributionConfig();
    const deepLink = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/lms/deep-link/*');
    const responseFunctions = [config.DefaultCacheBehavior, deepLink].map((behaviour) => {
      const associations = behaviour.FunctionAssociations as { EventType: string; FunctionARN: { 'Fn::GetAtt': [string] } }[];
      expect(associations.map((each) => each.EventType)).toEqual(['viewer-request', 'viewer-response']);
      return associations[1]!.FunctionARN['Fn::GetAtt'][0];
    });
    expect(new Set(responseFunctions).size).toBe(1);
    const fn = web.toJSON().Resources[responseFunctions[0]!].Properties;
    expect(fn.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(JSON.stringify(fn.FunctionConfig.KeyValueStoreAssociations)).toMatch(/Fn::ImportValue.*LtiFrameAncestors/);
    // The document frame, the API and the LTI endpoints keep their own headers.
    for (const behaviour of config.CacheBehaviors.filter((b: { PathPattern: string }) => b.PathPattern !== '/lms/deep-link/*')) {
      expect(JSON.stringify(behaviour.FunctionAssociations ?? [])).not.toContain(responseFunctions[0]);
    }
  });

  test("with LMSs, frame-ancestors 'none' becomes 'self' and their origins and X-Frame-Options goes; without (no key, or 'none') the policy's headers stay", async () => {
    const [id] = Object.entries(web.findResources('AWS::CloudFront::Function')).find(([key]) => key.startsWith('FrameAncestors'))!;
    const code: string = web.toJSON().Resources[id].Properties.FunctionCode;
    const framed = await frameAncestorsHandler(code, "'self' https://canvas.example.edu https://school.instructure.com")(appPage());
    expect(framed.headers['content-security-policy']!.value).toBe(
      "default-src 'self'; frame-ancestors 'self' https://canvas.example.edu https://school.instructure.com; upgrade-insecure-requests",
    );
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(framed.headers['content-type']!.value).toBe('text/html');
    for (const stored of [undefined, "'none'"]) {
      expect(await frameAncestorsHandler(code, stored)(appPage())).toEqual(appPage().response);
    }
  });
});

describe('deployment of the web app', () => {
  const deployments = () => Object.values(web.findResources('Custom::CDKBucketDeployment'));

  test('config.json holds the pool, the client, the region, SRP and a same-origin API base', () => {
    const entry = deployments().find((d) => d.Properties.DistributionId)!;
    const markers: Record<string, unknown>[] = entry.Properties.SourceMarkers;
    const index = markers.findIndex((m) => Object.keys(m).length > 0);
    const assetKey: string = entry.Properties.SourceObjectKeys[index];
    const raw = readFileSync(path.join(outdir, `asset.${assetKey.replace(/\.zip$/, '')}`, 'config.json'), 'utf8');
    const config = webConfigSchema.parse(JSON.parse(raw));
    expect(config).toMatchObject({ region: 'eu-west-1', authFlowType: 'USER_SRP_AUTH', apiBaseUrl: '', schoolTimeZone: 'Europe/London' });
    expect(config.userPoolEndpoint).toBeUndefined();
    expect(Object.keys(markers[index])).toHaveLength(2); // userPoolId and userPoolClientId, filled in at deploy time
    expect(raw).toContain(Object.keys(markers[index])[0]);
  });

  test("the school's time zone comes from the stage's settings or -c schoolTimeZone, and a name that is no zone fails the synth", () => {
    expect(settingsOf(new App({ context: { schoolTimeZone: 'Europe/Paris' } })).schoolTimeZone).toBe('Europe/Paris');
    expect(settingsOf(new App()).schoolTimeZone).toBe('Europe/London');
    expect(() => settingsOf(new App({ context: { schoolTimeZone: 'Mars/Olympus' } }))).toThrow('schoolTimeZone (from -c schoolTimeZone=Mars/Olympus): is not an IANA time zone name');
  });

  test('source maps are not deployed: the staged web assets hold the chunks without their maps', () => {
    const staged = readdirSync(outdir, { recursive: true, encoding: 'utf8' });
    expect(staged.filter((file) => file.endsWith(`assets${path.sep}app.js`)).length).toBeGreaterThan(0);
    expect(staged.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  test('hashed assets are cached for a year; index.html and config.json are revalidated and invalidated', () => {
    const assets = deployments().find((d) => !d.Properties.DistributionId)!;
    const entry = deployments().find((d) => d.Properties.DistributionId)!;
    expect(assets.Properties).toMatchObject({
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(entry.Properties).toMatchObject({
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
  });

  test('the site bucket is private and encrypted', () => {
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true, RestrictPublicBuckets: true }),
      BucketEncryption: Match.anyValue(),
    });
  });
});

describe('upload bucket CORS', () => {
  test("allows PUT from the app origin only and exposes ETag (files are read through the app's origin)", () => {
    const [cors] = Object.values(web.findResources('Custom::AWS'));
    const create = render(cors.Properties.Create);
    expect(create).toContain('"action":"PutBucketCors"');
    const rules = JSON.parse(create.replace(/<ref>/g, 'REF')).parameters.CORSConfiguration.CORSRules;
    expect(rules).toEqual([
      expect.objectContaining({
        AllowedOrigins: ['https://REF'],
        AllowedMethods: ['PUT'],
        ExposeHeaders: ['ETag'],
      }),
    ]);
    const distributionId = Object.keys(web.findResources('AWS::CloudFront::Distribution'))[0];
    expect(JSON.stringify(cors.Properties.Create)).toContain(`{"Fn::GetAtt":["${distributionId}","DomainName"]}`);
  });
});

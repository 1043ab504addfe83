// The key pair that signs file links (CloudFront signed URLs; docs/decisions/infrastructure/file-link-keys.md): a
// custom resource per generation makes the pair at deploy time and keeps its private key in the stage's secret; the
// public keys of the deployed generation and the one before it are CloudFront public keys in one key group, which the
// Web stack's files behaviour trusts. Rotating is a deploy with `fileLinkKeyGeneration` one higher: the new key signs
// from then on, the old one stays trusted until the next rotation, so links handed out before the deploy still open.
import { CustomResource, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { KeyGroup, PublicKey } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { ApiMonitoring } from './api-monitoring';
import { bundledFunction } from './route-function';

/** What a function that signs file links is told (functions/src/composition/file-store.ts). */
export interface FileLinkKeySettings {
  secretName: string;
  /** The generation that signs: its private key's field in the secret. */
  generation: number;
  /** CloudFront's id of that generation's public key. */
  keyPairId: string;
}

export interface FileLinkKeysProps {
  secretName: string;
  generation: number;
  serviceName: string;
  logRetention: RetentionDays;
  tracing: boolean;
  monitoring: ApiMonitoring;
}

export class FileLinkKeys extends Construct {
  readonly secret: Secret;
  readonly keyGroup: KeyGroup;
  readonly signing: FileLinkKeySettings;

  constructor(scope: Construct, id: string, props: FileLinkKeysProps) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      secretName: props.secretName,
      description: 'Private keys that sign file links (CloudFront signed URLs), one per key generation; written by the key pair custom resource',
      // Not a secret: the document the generations' private keys are added to.
      secretStringValue: SecretValue.unsafePlainText('{}'),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    NagSuppressions.addResourceSuppressions(this.secret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'FileLinkKeys secret: its keys rotate with the stage setting fileLinkKeyGeneration (a deploy makes the next pair and keeps the previous public key trusted); a Secrets Manager rotation could not change the public keys CloudFront trusts.',
      },
    ]);

    // Runs at deploy time only; watched like every function (a failed generation fails the deploy too).
    const generatorScope = new Construct(this, 'Generator');
    const generator = bundledFunction(generatorScope, {
      description: 'Custom resource: makes a file link key pair, keeps its private key in the secret, answers the public key',
      handler: 'uploads/handlers/file-link-key-pair',
      timeoutSeconds: 30,
      environment: { POWERTOOLS_SERVICE_NAME: props.serviceName, ...(props.tracing ? { POWERTOOLS_TRACE_ENABLED: 'true' } : {}) },
      logRetention: props.logRetention,
      tracing: props.tracing,
    });
    generator.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'], resources: [this.secret.secretArn] }));
    props.monitoring.watchFunction(generatorScope, 'fileLinkKeyPair', generator);

    // The deployed generation and the one before it (none before the first); each made after the one before, as both
    // write the one secret.
    const generations = [props.generation - 1, props.generation].filter((generation) => generation >= 1);
    let previous: CustomResource | undefined;
    const publicKeys = generations.map((generation) => {
      const pair = new CustomResource(this, `KeyPair${generation}`, {
        serviceToken: generator.functionArn,
        resourceType: 'Custom::FileLinkKeyPair',
        properties: { SecretId: this.secret.secretName, Generation: String(generation) },
      });
      if (previous) pair.node.addDependency(previous);
      previous = pair;
      return new PublicKey(this, `PublicKey${generation}`, {
        encodedKey: pair.getAttString('PublicKey'),
        comment: `File links, key generation ${generation}`,
      });
    });
    this.keyGroup = new KeyGroup(this, 'KeyGroup', { items: publicKeys, comment: 'File links: the deployed key generation and the one before it' });
    this.signing = { secretName: props.secretName, generation: props.generation, keyPairId: publicKeys[publicKeys.length - 1].publicKeyId };
  }
}

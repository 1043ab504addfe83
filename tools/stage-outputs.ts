// What a tool needs of a deployed stage: its settings (infra/stages/<stage>.json) and its stacks' outputs, for the stage
// the person named explicitly (STAGE); the tools that change a stage refuse to guess it.
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { stackNames, stageFromEnvironment, type StackPart } from '../infra/stage';
import { loadStageSettings, type StageSettings } from '../infra/stage-settings';

export interface DeployedStage {
  stage: string;
  settings: StageSettings;
  /** The output `key` of the stage's stack `part`; throws a sentence saying to deploy first when there is none. */
  output(part: Exclude<StackPart, 'Waf'>, key: string): Promise<string>;
  /** The table the API uses: the settings' `tableName` (a restored table) or the Data stack's. */
  tableName(): Promise<string>;
}

export function deployedStage(command: string, cloudFormation = new CloudFormationClient({})): DeployedStage {
  const stage = stageFromEnvironment(command);
  const settings = loadStageSettings(stage);
  const outputs = new Map<string, Promise<Record<string, string>>>();
  const outputsOf = (stackName: string) => {
    if (!outputs.has(stackName)) {
      outputs.set(
        stackName,
        cloudFormation
          .send(new DescribeStacksCommand({ StackName: stackName }))
          .then(({ Stacks = [] }) => Object.fromEntries((Stacks[0]?.Outputs ?? []).map((output) => [output.OutputKey ?? '', output.OutputValue ?? '']))),
      );
    }
    return outputs.get(stackName)!;
  };
  const output = async (part: Exclude<StackPart, 'Waf'>, key: string) => {
    const stackName = stackNames(stage)[part.toLowerCase() as Lowercase<typeof part>];
    const value = (await outputsOf(stackName))[key];
    if (!value) throw new Error(`The stack ${stackName} has no output ${key}: deploy it first (npx cdk deploy --all -c stage=${stage}).`);
    return value;
  };
  return { stage, settings, output, tableName: async () => settings.tableName ?? output('Data', 'TableName') };
}

/**
 * Every subcommand of `turnchart`. A new command (step, replay, paths,
 * coverage, check, inspect...) is one file beside this one exporting a
 * `register(program, context)` function, plus one line here.
 */
import type { Command } from 'commander';
import type { CliContext } from '../context';
import { registerDiagram } from './diagram';
import { registerInspect } from './inspect';
import { registerCheck } from './check';
import { registerCoverage } from './coverage';
import { registerPaths } from './paths';
import { registerReplay } from './replay';
import { registerStep } from './step';
import { registerServe } from './serve';

export type RegisterCommand = (program: Command, context: CliContext) => void;

export const COMMANDS: readonly RegisterCommand[] = [
  registerDiagram,
  registerInspect,
  registerStep,
  registerReplay,
  registerPaths,
  registerCoverage,
  registerCheck,
  registerServe,
];

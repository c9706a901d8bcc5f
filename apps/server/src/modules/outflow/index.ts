export {
  type Outflow,
  type OutflowChannel,
  OutflowGuard,
  type OutflowPolicy,
  outflowPolicy,
  releaseOutflow,
} from './guard.ts';
export { MEMBER_INFLOW_KINDS, memberInflow } from './inflow.ts';
export { memberOutflows } from './tables.ts';

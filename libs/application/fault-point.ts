/**
 * Fault points for the crash tests (issue: a crash between the gateway's charge and the OrderPaid
 * append). A process started with SHOP_FAULT_POINT=<name> dies at once, as with `kill -9`, when it
 * reaches `faultPoint(<name>)`: no cleanup, no answer, connections cut. Unset (always, outside those
 * tests), a fault point does nothing.
 */
export function faultPoint(name: string): void {
  // Read from the environment on purpose, not the validated configuration: a test-only switch.
  if (process.env.SHOP_FAULT_POINT === name) process.kill(process.pid, 'SIGKILL');
}

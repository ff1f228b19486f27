/**
 * Fault points for the crash tests (issue: a crash between the gateway's charge and the OrderPaid
 * append). A process started with SHOP_FAULT_POINT=<name> dies at once, as with `kill -9`, when it
 * reaches `faultPoint(<name>)` while serving: no cleanup, no answer, connections cut. The points are
 * armed once the shop is open (`armFaultPoints`), so what the start itself does (the demo seed pays
 * orders through the same handler) passes them. Unset (always, outside those tests), a fault point
 * does nothing. The points: `pay:after-charge` (the gateway charged, OrderPaid not yet appended;
 * test/crash/pay-crash.spec.ts), `redeem:before-grant` (CodeRedeemed appended, the book not yet
 * granted; test/crash/redeem-crash.spec.ts), `refund:before-revoke` (a full OrderRefunded followed,
 * the access not yet taken back; test/crash/refund-crash.spec.ts), `renewal:before-charge` (a renewal
 * started and its order placed, not yet decided again and charged; test/crash/renewal-crash.spec.ts).
 * A point the start's own work reaches only for what a test set up (the renewal pass a start runs, which
 * the demo seed never passes) is armed from the first moment (`whileStarting`).
 */
let armed = false;

/** Called by the shop's entry point once it answers requests. */
export function armFaultPoints(): void {
  armed = true;
}

export function faultPoint(name: string, { whileStarting = false }: { whileStarting?: boolean } = {}): void {
  // Read from the environment on purpose, not the validated configuration: a test-only switch.
  if ((armed || whileStarting) && process.env.SHOP_FAULT_POINT === name) process.kill(process.pid, 'SIGKILL');
}

/** What every simulated channel's bills share: their short-lived download URLs. */
package io.payonce.sandbox.bill;

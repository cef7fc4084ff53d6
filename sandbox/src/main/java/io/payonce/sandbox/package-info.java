/** An offline simulator of payment channels (Alipay today), the oracle of PayOnce's tests. */
package io.payonce.sandbox;

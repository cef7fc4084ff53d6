/** An offline simulator of payment channels (Alipay, WeChat Pay), the oracle of PayOnce's tests. */
package io.payonce.sandbox;

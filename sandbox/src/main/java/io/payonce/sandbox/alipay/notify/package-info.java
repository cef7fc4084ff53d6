/** Alipay's asynchronous notifies: signed form POSTs to notify_url, retried until "success". */
package io.payonce.sandbox.alipay.notify;

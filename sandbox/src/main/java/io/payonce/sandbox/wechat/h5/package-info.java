/** WeChat's H5 checkout page, as the phone's browser outside WeChat opens an h5_url. */
package io.payonce.sandbox.wechat.h5;

/**
 * WeChat's web sign-in for an official account's pages (OAuth 2.0, {@code snsapi_base}): the page
 * that sends the buyer's WeChat browser back with a code, and the exchange of that code for the
 * buyer's openid under the account, checked against the account's AppSecret.
 */
package io.payonce.sandbox.wechat.oauth;

/** A small JSON-over-HTTP client on the JDK's HttpClient, shared by the harness's parts. */
package io.payonce.chaos.http;

package io.payonce.sandbox;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

/**
 * The standalone sandbox on a random port, notify retries compressed 100 000 times, on the {@link
 * PinnedTestClock}. Every test class using it shares one application context per test JVM, each JVM
 * with a data directory of its own.
 */
@Target(ElementType.TYPE)
@Import(PinnedTestClock.class)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(
    classes = SandboxApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "payonce.sandbox.enabled=true",
      "payonce.sandbox.data-dir=target/sandbox-it-${payonce.sandbox.test.fork:fork-1}",
      "payonce.sandbox.alipay.notify.time-scale=0.00001",
      "payonce.sandbox.alipay.barcode-confirm-after=PT5S"
    })
public @interface SandboxIntegrationTest {}

package io.payonce.sandbox;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

/**
 * Brings the whole sandbox (gateway, wallet, notifier, ledger, chaos, clock) into a servlet web
 * application when {@code payonce.sandbox.enabled=true}, mounted under {@code /sandbox/**}.
 *
 * <p>The sandbox defines no beans of general types (no Clock, JsonMapper, executor or exception
 * handler), so it cannot clash with the host's.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(prefix = "payonce.sandbox", name = "enabled", havingValue = "true")
@EnableConfigurationProperties(SandboxProperties.class)
@ComponentScan(
    basePackageClasses = SandboxAutoConfiguration.class,
    excludeFilters = {
      @ComponentScan.Filter(type = FilterType.CUSTOM, classes = TypeExcludeFilter.class),
      @ComponentScan.Filter(
          type = FilterType.ASSIGNABLE_TYPE,
          classes = {SandboxApplication.class, SandboxAutoConfiguration.class})
    })
public class SandboxAutoConfiguration {}

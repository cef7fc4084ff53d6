package io.payonce.server.notify.web;

import io.payonce.server.notify.CallbackIntake;
import io.payonce.server.notify.CallbackProtocol;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Method;
import java.util.List;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Maps every channel's callback protocol to the one {@link CallbackController}: each protocol's
 * path, and its per-configuration path where it is routed by address. A new channel or product
 * declares its protocol bean; no controller, path list or filter changes. Only in a web
 * application: the {@code reconcile} command's context has no request mappings to add them to (and,
 * its mappings being a {@link SmartInitializingSingleton}, would not start without them).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class CallbackEndpoints {

  @Bean
  CallbackController callbackController(CallbackIntake intake, List<CallbackProtocol> protocols) {
    return new CallbackController(intake, protocols);
  }

  @Bean
  SmartInitializingSingleton callbackMappings(
      @Qualifier("requestMappingHandlerMapping") RequestMappingHandlerMapping mappings,
      CallbackController controller,
      List<CallbackProtocol> protocols) {
    return () -> {
      Method receive = receiveMethod();
      for (CallbackProtocol protocol : protocols) {
        register(mappings, controller, receive, protocol.path());
        if (protocol.routedByPath()) {
          register(
              mappings,
              controller,
              receive,
              protocol.path() + "/{" + CallbackController.CONFIG_KEY + "}");
        }
      }
    };
  }

  private static void register(
      RequestMappingHandlerMapping mappings,
      CallbackController controller,
      Method receive,
      String path) {
    mappings.registerMapping(
        RequestMappingInfo.paths(path)
            .methods(RequestMethod.POST)
            .options(mappings.getBuilderConfiguration())
            .build(),
        controller,
        receive);
  }

  private static Method receiveMethod() {
    try {
      return CallbackController.class.getDeclaredMethod(
          "receive", HttpServletRequest.class, HttpServletResponse.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }
}

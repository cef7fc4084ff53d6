package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * A JSON value of the wrong type is the client's mistake, whatever the field: {@code "refresh": 1}
 * or {@code "true"} is not true, {@code "12"} not a number, {@code 0} no enum constant. It is
 * answered with a validation problem naming the field and changes nothing — a live code is not
 * replaced by a "refresh" that was never a boolean.
 */
@PayOnceIntegrationTest
class WrongTypedJsonIntegrationTests {

  /** Values that are not a JSON boolean, each once read as true or false. */
  private static final List<String> NOT_BOOLEANS =
      List.of("1", "12", "-1", "0", "1.0", "\"true\"", "\"TRUE\"", "\"false\"", "\"\"", "\"null\"");

  @LocalServerPort int port;
  @Autowired JsonMapper json;

  @Autowired
  @Qualifier("requestMappingHandlerMapping")
  RequestMappingHandlerMapping mappings;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @Test
  void aRefreshThatIsNoBooleanIsRefusedAndTheLiveCodeStays() {
    for (String route : List.of("/pay/wechat/precreate", "/pay/alipay/precreate")) {
      String orderNo = http.createOrder("2.30");
      Answer issued =
          http.post(http.serverBase() + route, "{\"orderNo\":\"" + orderNo + "\"}", Map.of());
      assertThat(issued.status()).isEqualTo(200);

      for (String value : NOT_BOOLEANS) {
        Answer answer =
            http.post(
                http.serverBase() + route,
                "{\"orderNo\":\"" + orderNo + "\",\"refresh\":" + value + "}",
                Map.of());

        assertThat(answer.status()).as(route + " refresh " + value).isEqualTo(400);
        assertThat(answer.body()).contains("validation").contains("refresh");
      }
      assertThat(http.payments(orderNo))
          .as("payments of %s after the refused refreshes", orderNo)
          .singleElement()
          .satisfies(
              p ->
                  assertThat(p.path("outTradeNo").asString()).isEqualTo(issued.text("outTradeNo")));
    }
  }

  @Test
  void everyBooleanNumberAndEnumOfEveryRequestBodyRefusesAValueOfAnotherType() {
    List<String> lenient = new ArrayList<>();
    for (Class<?> body : requestBodies()) {
      for (RecordComponent component : body.getRecordComponents()) {
        for (String wrong : wrongValuesFor(component.getType())) {
          String document = "{\"" + component.getName() + "\":" + wrong + "}";
          try {
            json.readValue(document, body);
            lenient.add(body.getSimpleName() + "." + component.getName() + " took " + wrong);
          } catch (JacksonException refused) {
            assertThat(refused.getPath())
                .as("%s names its field", document)
                .anySatisfy(p -> assertThat(p.getPropertyName()).isEqualTo(component.getName()));
          }
        }
      }
    }
    assertThat(lenient).as("fields that took a value of another type").isEmpty();
  }

  /** Every record a controller of ours reads as its JSON body. */
  private Set<Class<?>> requestBodies() {
    Set<Class<?>> bodies = new LinkedHashSet<>();
    mappings
        .getHandlerMethods()
        .values()
        .forEach(
            handler -> {
              if (!handler.getBeanType().getPackageName().startsWith("io.payonce.server")) {
                return;
              }
              for (MethodParameter parameter : handler.getMethodParameters()) {
                if (parameter.hasParameterAnnotation(RequestBody.class)
                    && parameter.getParameterType().isRecord()) {
                  bodies.add(parameter.getParameterType());
                }
              }
            });
    assertThat(bodies).as("request bodies found").isNotEmpty();
    return bodies;
  }

  private static List<String> wrongValuesFor(Class<?> type) {
    if (type == Boolean.class || type == boolean.class) {
      return NOT_BOOLEANS;
    }
    if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
      return List.of("\"12\"", "1.5", "true", "\"\"");
    }
    if (type.isEnum()) {
      return List.of("0", "1", "true");
    }
    if (type == String.class) {
      return List.of("42", "4.53", "true");
    }
    return List.of();
  }
}

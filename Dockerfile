# grognard: one static binary, no system fonts or C libraries needed.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/grognard ./cmd/grognard

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/grognard /usr/local/bin/grognard
COPY config.example.toml /etc/grognard/config.toml
# The bbolt store lives on a volume; the process runs as the nonroot user (65532).
VOLUME ["/data"]
ENV GROGNARD_DB=/data/grognard.db
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/grognard"]
CMD ["serve", "--config", "/etc/grognard/config.toml"]

{{/* The release's name for its objects: the release name, or muster when the release is called muster. */}}
{{- define "muster.fullname" -}}
{{- if contains "muster" .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-muster" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Labels of every object. */}}
{{- define "muster.labels" -}}
app.kubernetes.io/name: muster
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* Labels that select the controller pods. */}}
{{- define "muster.selectorLabels" -}}
app.kubernetes.io/name: muster
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: controller
{{- end -}}

{{- define "muster.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "muster.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "muster.leaseNamespace" -}}
{{- default .Release.Namespace .Values.leaderElection.namespace -}}
{{- end -}}

{{- define "muster.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* The webhook Service's name, which the certificate must be issued for. */}}
{{- define "muster.webhookServiceName" -}}
{{- printf "%s-webhook" (include "muster.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

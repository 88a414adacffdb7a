CREATE TABLE "document_counters" (
	"doc_type" text NOT NULL,
	"outlet_id" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_doc_type_outlet_id_pk" PRIMARY KEY("doc_type","outlet_id")
);

import { UPLOAD_FIELD_NAME } from './constants.ts';
import { z } from './zod.ts';

/**
 * POST /api/upload/image (spec §3): its multipart/form-data body, one image in the field `file`,
 * and the answer's `result`, the address of the stored copy.
 */
export const uploadImageForm = z.object({
  [UPLOAD_FIELD_NAME]: z.file().meta({
    description: 'JPG, PNG, WEBP 또는 GIF 이미지 한 장 (5MB 이하). 서버가 WEBP로 다시 만들며 메타데이터는 지웁니다.',
  }),
});

export const uploadedImageSchema = z.object({
  /** Where the stored image is served: the value a profile photo or a proof then sends. */
  fileUrl: z.string().meta({ description: '저장된 이미지 주소. 프로필 사진·증빙 등에 이 값을 그대로 보냅니다.' }),
});
